// Superset's datetime expressions (datetime_eval): DATETIME("text"), DATEADD(expr, n, unit),
// DATETRUNC(expr, unit), LASTDAY(expr, unit); functions case-insensitive, units bare words.
import { addUnits, lastDay, truncate, unitOf, type CalendarUnit } from './calendar';
import { parseHumanDatetime } from './human';

export class TimeRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeRangeError';
  }
}

class Reader {
  at = 0;
  constructor(private readonly text: string) {}

  private skip() {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }

  expect(token: string) {
    this.skip();
    if (this.text[this.at] !== token) throw new TimeRangeError(`Error parsing "${this.text}": expected "${token}" at ${this.at + 1}.`);
    this.at += 1;
  }

  word(): string {
    this.skip();
    const match = /^[A-Za-z_]+/.exec(this.text.slice(this.at));
    if (!match) throw new TimeRangeError(`Error parsing "${this.text}" at ${this.at + 1}.`);
    this.at += match[0].length;
    return match[0];
  }

  integer(): number {
    this.skip();
    const match = /^[+-]?\d+/.exec(this.text.slice(this.at));
    if (!match) throw new TimeRangeError(`Error parsing "${this.text}": expected a whole number at ${this.at + 1}.`);
    this.at += match[0].length;
    return Number(match[0]);
  }

  quoted(): string {
    this.skip();
    const quote = this.text[this.at];
    if (quote !== '"' && quote !== "'") throw new TimeRangeError(`Error parsing "${this.text}": expected a quoted text at ${this.at + 1}.`);
    const end = this.text.indexOf(quote, this.at + 1);
    if (end < 0) throw new TimeRangeError(`Error parsing "${this.text}": unclosed quote.`);
    const value = this.text.slice(this.at + 1, end);
    this.at = end + 1;
    return value;
  }

  unit(): CalendarUnit {
    this.skip();
    const quote = this.text[this.at];
    const word = quote === '"' || quote === "'" ? this.quoted() : this.word();
    const unit = unitOf(word);
    if (!unit) throw new TimeRangeError(`Unknown time unit "${word}".`);
    return unit;
  }

  done(): boolean {
    this.skip();
    return this.at >= this.text.length;
  }
}

function evaluate(reader: Reader, now: Date): Date {
  const name = reader.word().toUpperCase();
  reader.expect('(');
  let value: Date;
  switch (name) {
    case 'DATETIME': {
      const text = reader.quoted();
      const parsed = parseHumanDatetime(text, now);
      if (!parsed) throw new TimeRangeError(`Error parsing "${text}" as a date.`);
      value = parsed;
      break;
    }
    case 'DATEADD': {
      const base = evaluate(reader, now);
      reader.expect(',');
      const amount = reader.integer();
      reader.expect(',');
      value = addUnits(base, amount, reader.unit());
      break;
    }
    case 'DATETRUNC': {
      const base = evaluate(reader, now);
      reader.expect(',');
      value = truncate(base, reader.unit());
      break;
    }
    case 'LASTDAY': {
      const base = evaluate(reader, now);
      reader.expect(',');
      const unit = reader.unit();
      if (unit !== 'year' && unit !== 'month' && unit !== 'week') throw new TimeRangeError('LASTDAY takes year, month or week.');
      value = lastDay(base, unit);
      break;
    }
    default:
      throw new TimeRangeError(`Unknown time function ${name}.`);
  }
  reader.expect(')');
  return value;
}

/** Evaluates one datetime expression against a fixed clock. */
export function evaluateDatetime(expression: string, now: Date): Date {
  const reader = new Reader(expression.trim());
  const value = evaluate(reader, now);
  if (!reader.done()) throw new TimeRangeError(`Error parsing "${expression}": unexpected text after the expression.`);
  return value;
}
