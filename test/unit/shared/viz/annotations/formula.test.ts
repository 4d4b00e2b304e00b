import { describe, expect, it } from 'vitest';
import { FormulaError, compileFormula, evalFormula } from '../../../../../shared/viz/annotations/formula';

describe('formula parser: precedence', () => {
  it.each([
    ['1 + 2 * 3', 0, 7],
    ['(1 + 2) * 3', 0, 9],
    ['10 - 4 - 3', 0, 3],
    ['24 / 4 / 3', 0, 2],
    ['2 ^ 3 ^ 2', 0, 512],
    ['-x ^ 2', 3, -9],
    ['(-x) ^ 2', 3, 9],
    ['2 * -x', 4, -8],
    ['- - x', 5, 5],
    ['10 % 4 * 2', 0, 4],
    ['2 * x + 1', 10, 21],
    ['y = 3 * x', 2, 6],
    ['1.5e2 + .5', 0, 150.5],
    ['+x', 7, 7],
  ])('%s at x=%d is %d', (formula, x, expected) => {
    expect(evalFormula(formula, x)).toBeCloseTo(expected, 10);
  });
});

describe('formula parser: functions and constants', () => {
  it('knows sin, cos, exp, log, sqrt, abs, min, max, pi and e', () => {
    expect(evalFormula('sin(pi / 2)', 0)).toBeCloseTo(1);
    expect(evalFormula('cos(0) + exp(0)', 0)).toBe(2);
    expect(evalFormula('log(e)', 0)).toBeCloseTo(1);
    expect(evalFormula('log(8, 2)', 0)).toBeCloseTo(3);
    expect(evalFormula('sqrt(x)', 16)).toBe(4);
    expect(evalFormula('abs(x)', -3)).toBe(3);
    expect(evalFormula('min(x, 3, 5) + max(1, x, 2)', 4)).toBe(7);
    expect(evalFormula('pow(2, 10)', 0)).toBe(1024);
  });

  it('compiles once and evaluates for many x', () => {
    const f = compileFormula('x * x - 1');
    expect([0, 1, 2, 3].map(f)).toEqual([-1, 0, 3, 8]);
  });
});

describe('formula parser: refuses anything that is not arithmetic on x', () => {
  it.each([
    'alert(1)',
    'constructor',
    'x.constructor',
    'process.exit()',
    'Math.PI',
    'this',
    'y',
    'x; 1',
    '"text"',
    '[1, 2]',
    'x = 2',
    'x => x',
    '__proto__',
    'toString(1)',
    'hasOwnProperty(x)',
    '',
    '1 +',
    '(1 + 2',
    '1 + 2)',
    'sin()',
    'sqrt(1, 2)',
    'x x',
    '2 ** 3',
  ])('refuses %j', (formula) => {
    expect(() => compileFormula(formula)).toThrow(FormulaError);
  });

  it('refuses formulas that are too long or nested too deeply (no stack overflow)', () => {
    expect(() => compileFormula('1+'.repeat(600) + '1')).toThrow(FormulaError);
    expect(() => compileFormula('('.repeat(200) + 'x' + ')'.repeat(200))).toThrow(/nested too deeply/);
  });
});
