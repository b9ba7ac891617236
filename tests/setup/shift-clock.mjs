/**
 * Runs the tests on another day (issue 21): a Node preload that moves the wall clock to SHIFT_CLOCK_TO
 * (yyyy-MM-dd, the UTC date; the time of day is kept). It replaces `Date` (new Date(), Date.now()) in every
 * process the run starts; PGlite's now() / current_date follow, as its WASM clock reads Date.now(). A test file
 * that seeds the demo then seeds it "on" that day (the seeded snapshot is keyed by the day, tests/api/helpers.ts).
 *
 *   SHIFT_CLOCK_TO=2027-01-05 NODE_OPTIONS="--import ./tests/setup/shift-clock.mjs" npx vitest run tests/api/arap.test.ts
 *
 * Pick a time of day in mind: at 00:40 UTC the date in Asia/Shanghai is the same as the UTC date.
 */
const to = process.env.SHIFT_CLOCK_TO;
if (to) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const n = new RealDate(realNow());
  const OFFSET = RealDate.parse(`${to}T00:00:00Z`) - RealDate.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate());
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + OFFSET);
      else super(...args);
    }
    static now() {
      return realNow() + OFFSET;
    }
  }
  globalThis.Date = ShiftedDate;
}
