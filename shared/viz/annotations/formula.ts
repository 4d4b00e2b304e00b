// Formula annotations: an arithmetic expression of x ("2 * x + 1", "y = sin(x) * 10"), parsed by a
// tokenizer and a precedence-climbing parser into a small tree, then evaluated for each x of a chart.
// Only numbers, x, the constants pi and e, + - * / % ^, unary minus, parentheses and the functions
// listed below are accepted; anything else is refused with a FormulaError. Nothing is ever handed
// to eval or Function, and there is no way to reach an object, a property or a global.

export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

type Node =
  | { t: 'num'; v: number }
  | { t: 'x' }
  | { t: 'neg'; a: Node }
  | { t: 'bin'; op: BinaryOp; a: Node; b: Node }
  | { t: 'call'; fn: string; args: Node[] };

type BinaryOp = '+' | '-' | '*' | '/' | '%' | '^';
type Token = { kind: 'num'; value: number; at: number } | { kind: 'id'; name: string; at: number } | { kind: 'sym'; sym: string; at: number };

const MAX_LENGTH = 1000;
const MAX_DEPTH = 64;

const FUNCTIONS: Record<string, { arity: [min: number, max: number]; fn: (...a: number[]) => number }> = {
  sin: { arity: [1, 1], fn: Math.sin },
  cos: { arity: [1, 1], fn: Math.cos },
  tan: { arity: [1, 1], fn: Math.tan },
  asin: { arity: [1, 1], fn: Math.asin },
  acos: { arity: [1, 1], fn: Math.acos },
  atan: { arity: [1, 1], fn: Math.atan },
  exp: { arity: [1, 1], fn: Math.exp },
  /** Natural logarithm, or log(value, base) as mathjs reads it. */
  log: { arity: [1, 2], fn: (v, base) => (base === undefined ? Math.log(v) : Math.log(v) / Math.log(base)) },
  log10: { arity: [1, 1], fn: Math.log10 },
  log2: { arity: [1, 1], fn: Math.log2 },
  sqrt: { arity: [1, 1], fn: Math.sqrt },
  abs: { arity: [1, 1], fn: Math.abs },
  floor: { arity: [1, 1], fn: Math.floor },
  ceil: { arity: [1, 1], fn: Math.ceil },
  round: { arity: [1, 1], fn: Math.round },
  sign: { arity: [1, 1], fn: Math.sign },
  pow: { arity: [2, 2], fn: Math.pow },
  min: { arity: [1, 64], fn: Math.min },
  max: { arity: [1, 64], fn: Math.max },
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

const BINARY: Record<BinaryOp, { prec: number; right: boolean }> = {
  '+': { prec: 1, right: false },
  '-': { prec: 1, right: false },
  '*': { prec: 2, right: false },
  '/': { prec: 2, right: false },
  '%': { prec: 2, right: false },
  '^': { prec: 4, right: true },
};
/** Unary minus binds tighter than * but looser than ^: -x^2 is -(x^2), as in mathematics. */
const UNARY_PREC = 3;

export function tokenize(text: string): Token[] {
  if (text.length > MAX_LENGTH) throw new FormulaError(`Formula is longer than ${MAX_LENGTH} characters`);
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i));
      if (!m) throw new FormulaError(`Unexpected character '${c}' at ${i + 1}`);
      tokens.push({ kind: 'num', value: Number(m[0]), at: i });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))!;
      tokens.push({ kind: 'id', name: m[0], at: i });
      i += m[0].length;
    } else if ('+-*/%^(),'.includes(c)) {
      tokens.push({ kind: 'sym', sym: c, at: i });
      i += 1;
    } else {
      throw new FormulaError(`Unexpected character '${c}' at ${i + 1}`);
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    if (this.tokens.length === 0) throw new FormulaError('Formula is empty');
    const node = this.expr(0);
    const rest = this.tokens[this.pos];
    if (rest) throw new FormulaError(`Unexpected ${describe(rest)} at ${rest.at + 1}`);
    return node;
  }

  private peek() {
    return this.tokens[this.pos];
  }

  private isSym(sym: string) {
    const t = this.peek();
    return t?.kind === 'sym' && t.sym === sym;
  }

  private expect(sym: string) {
    if (!this.isSym(sym)) {
      const t = this.peek();
      throw new FormulaError(t ? `Expected '${sym}' but found ${describe(t)} at ${t.at + 1}` : `Expected '${sym}' at the end`);
    }
    this.pos += 1;
  }

  /** Precedence climbing: operands joined by binary operators of precedence >= minPrec. */
  private expr(minPrec: number): Node {
    if (++this.depth > MAX_DEPTH) throw new FormulaError('Formula is nested too deeply');
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (t?.kind !== 'sym' || !(t.sym in BINARY)) break;
      const op = t.sym as BinaryOp;
      const { prec, right } = BINARY[op];
      if (prec < minPrec) break;
      this.pos += 1;
      left = { t: 'bin', op, a: left, b: this.expr(right ? prec : prec + 1) };
    }
    this.depth -= 1;
    return left;
  }

  private unary(): Node {
    if (this.isSym('-')) {
      this.pos += 1;
      return { t: 'neg', a: this.expr(UNARY_PREC) };
    }
    if (this.isSym('+')) {
      this.pos += 1;
      return this.expr(UNARY_PREC);
    }
    return this.primary();
  }

  private primary(): Node {
    const t = this.peek();
    if (!t) throw new FormulaError('Unexpected end of formula');
    if (t.kind === 'num') {
      this.pos += 1;
      return { t: 'num', v: t.value };
    }
    if (t.kind === 'sym' && t.sym === '(') {
      this.pos += 1;
      const inner = this.expr(0);
      this.expect(')');
      return inner;
    }
    if (t.kind === 'id') {
      this.pos += 1;
      const name = t.name;
      if (this.isSym('(')) {
        const fn = Object.prototype.hasOwnProperty.call(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
        if (!fn) throw new FormulaError(`Unknown function '${name}'`);
        this.pos += 1;
        const args: Node[] = [];
        if (!this.isSym(')')) {
          args.push(this.expr(0));
          while (this.isSym(',')) {
            this.pos += 1;
            args.push(this.expr(0));
          }
        }
        this.expect(')');
        if (args.length < fn.arity[0] || args.length > fn.arity[1]) throw new FormulaError(`Wrong number of arguments to '${name}'`);
        return { t: 'call', fn: name, args };
      }
      if (name === 'x') return { t: 'x' };
      if (Object.prototype.hasOwnProperty.call(CONSTANTS, name)) return { t: 'num', v: CONSTANTS[name] };
      throw new FormulaError(`Unknown name '${name}': only x, pi and e may be used`);
    }
    throw new FormulaError(`Unexpected ${describe(t)} at ${t.at + 1}`);
  }
}

function describe(t: Token) {
  return t.kind === 'num' ? `number ${t.value}` : t.kind === 'id' ? `'${t.name}'` : `'${t.sym}'`;
}

function evaluate(node: Node, x: number): number {
  switch (node.t) {
    case 'num':
      return node.v;
    case 'x':
      return x;
    case 'neg':
      return -evaluate(node.a, x);
    case 'call':
      return FUNCTIONS[node.fn].fn(...node.args.map((a) => evaluate(a, x)));
    case 'bin': {
      const a = evaluate(node.a, x);
      const b = evaluate(node.b, x);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      if (node.op === '/') return a / b;
      if (node.op === '%') return a % b;
      return Math.pow(a, b);
    }
  }
}

export interface CompiledFormula {
  (x: number): number;
}

/** Parses a formula once; the result evaluates it for any x. A leading "y =" is allowed. */
export function compileFormula(text: string): CompiledFormula {
  const body = text.replace(/^\s*y\s*=/, '');
  const tree = new Parser(tokenize(body)).parse();
  return (x: number) => evaluate(tree, x);
}

/** The formula's value at x, or a FormulaError when the formula is not arithmetic on x. */
export const evalFormula = (text: string, x: number) => compileFormula(text)(x);
