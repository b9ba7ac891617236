/**
 * The statement formula notation of the research reports (research README §2 "Formula notation"), parsed into a
 * flat signed sum of terms:
 *
 * | token        | term                                                                                   |
 * |--------------|----------------------------------------------------------------------------------------|
 * | `1001`       | `account`: the account incl. its sub-accounts, signed in its normal direction           |
 * | `1122(借)`   | `accountSide` debit: Σ of the debit balances of its lowest-level positions (positive)   |
 * | `2203(贷)`   | `accountSide` credit: Σ of the credit balances of its lowest-level positions (positive) |
 * | `5601.广告费` | `subAccount`: the sub-account of 5601 with that name (resolved by name or a mapping)    |
 * | `+` `-`      | sign of the next term (a leading `-` negates the first term)                            |
 * | `±1404`      | add the signed, debit-positive balance (`debitPositive: true`)                          |
 * | `L12`        | `line`: value of line 12 of the same statement and column                              |
 * | `[分析]`      | `manual`: 分析填列 — no formula; the entered override or 0                              |
 *
 * Whitespace is ignored. Anything else is a parse error naming the position, so every formula of the data files
 * is checked when the tests load them.
 */

export type FormulaTerm =
  | { kind: 'account'; code: string }
  | { kind: 'accountSide'; code: string; side: 'debit' | 'credit' }
  | { kind: 'subAccount'; code: string; name: string }
  | { kind: 'line'; line: number }
  | { kind: 'manual' };

export interface SignedTerm {
  sign: 1 | -1;
  /** `±`: the raw debit-positive balance instead of the normal-direction one */
  debitPositive: boolean;
  term: FormulaTerm;
}

/** A formula is the sum of its signed terms. */
export type Formula = SignedTerm[];

export class FormulaError extends Error {
  constructor(
    readonly formula: string,
    readonly position: number,
    message: string,
  ) {
    super(`公式「${formula}」第 ${position + 1} 个字符：${message}`);
  }
}

const NAME_STOP = /[+\-±\s]/;

export function parseFormula(source: string): Formula {
  const out: Formula = [];
  let i = 0;
  const skip = () => {
    while (i < source.length && /\s/.test(source[i])) i++;
  };
  skip();
  if (i >= source.length) throw new FormulaError(source, 0, '公式为空');
  let first = true;
  while (i < source.length) {
    let sign: 1 | -1 = 1;
    let debitPositive = false;
    const op = source[i];
    if (op === '+' || op === '-' || op === '±') {
      sign = op === '-' ? -1 : 1;
      debitPositive = op === '±';
      i++;
      skip();
    } else if (!first) {
      throw new FormulaError(source, i, '缺少运算符 + - ±');
    }
    first = false;
    out.push({ sign, debitPositive, term: parseTerm() });
    skip();
  }
  return out;

  function parseTerm(): FormulaTerm {
    const start = i;
    if (source.startsWith('[分析]', i)) {
      i += '[分析]'.length;
      return { kind: 'manual' };
    }
    if (source[i] === 'L') {
      const m = /^L(\d+)/.exec(source.slice(i));
      if (!m) throw new FormulaError(source, start, 'L 后应为行次');
      i += m[0].length;
      return { kind: 'line', line: Number(m[1]) };
    }
    const m = /^\d+/.exec(source.slice(i));
    if (!m) throw new FormulaError(source, start, '应为科目编码、行次 L、或 [分析]');
    const code = m[0];
    if (code.length < 4 || code.length % 2 !== 0)
      throw new FormulaError(source, start, `科目编码「${code}」不符合 4-2-2 规则`);
    i += code.length;
    if (source.startsWith('(借)', i) || source.startsWith('(贷)', i)) {
      const side = source[i + 1] === '借' ? 'debit' : 'credit';
      i += 3;
      return { kind: 'accountSide', code, side };
    }
    if (source[i] === '.') {
      i++;
      const nameStart = i;
      while (i < source.length && !NAME_STOP.test(source[i])) i++;
      const name = source.slice(nameStart, i);
      if (name === '') throw new FormulaError(source, nameStart, '「.」后应为明细科目名称');
      return { kind: 'subAccount', code, name };
    }
    return { kind: 'account', code };
  }
}

/** Back to the notation (normalised: no spaces), e.g. for showing a formula or an override. */
export function formatFormula(formula: Formula): string {
  return formula
    .map(({ sign, debitPositive, term }, index) => {
      const op = debitPositive ? '±' : sign === -1 ? '-' : index === 0 ? '' : '+';
      if (term.kind === 'account') return op + term.code;
      if (term.kind === 'accountSide') return `${op}${term.code}(${term.side === 'debit' ? '借' : '贷'})`;
      if (term.kind === 'subAccount') return `${op}${term.code}.${term.name}`;
      if (term.kind === 'line') return `${op}L${term.line}`;
      return `${op}[分析]`;
    })
    .join('');
}

/** Line numbers a formula refers to (for dependency order and checks). */
export function lineRefs(formula: Formula): number[] {
  return formula.flatMap(({ term }) => (term.kind === 'line' ? [term.line] : []));
}
