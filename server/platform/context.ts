/**
 * What every module's routes are registered with (buildApp makes one per app): the database, the configuration, the
 * signing key and the app-wide hooks. Its own file so that modules read the type without importing `server/app.ts`,
 * which imports every module (issue 23: 25 modules imported app.ts for this type alone — a 26-file import circle;
 * biome.json now refuses a module importing app.ts).
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

export interface AppContext {
  database: Database;
  config: Config;
  secret: Uint8Array;
  /** Writes the queued API-log rows (platform/logs.ts); whatever reads blade_log_api calls it first. */
  flushApiLog: () => Promise<void>;
  /**
   * Publishes a server message on a department's weighing channel (the embedded broker's /topic/public of that
   * tenant + department; set by registerIzsWeighing, absent with an external broker). Issue 24: the lane takeover's
   * bell.
   */
  deptChannel?: (tenantId: string, deptId: string, content: string) => void;
}
