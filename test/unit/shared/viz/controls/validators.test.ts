// Spec §5 validation rules, with the spec's messages.
import { describe, expect, it } from 'vitest';
import {
  parseMetricExpression,
  validateInteger,
  validateMaxValue,
  validateNonEmpty,
  validateNumber,
  validateOrderBy,
  validatePositiveInteger,
} from '../../../../../shared/viz/controls/validators';

const fd = { viz_type: 'table' };

describe("Integer check: 'is expected to be an integer'", () => {
  it.each([['1.5'], [2.5], ['abc'], [true]])('%s is refused', (v) => {
    expect(validateInteger(v, fd)).toBe('is expected to be an integer');
  });
  it.each([[1], ['10'], [0], [-3], [null], ['']])('%s passes', (v) => {
    expect(validateInteger(v, fd)).toBe(false);
  });
  it('numbers: a non-number is refused', () => {
    expect(validateNumber('x', fd)).toBe('is expected to be a number');
    expect(validateNumber('0.5', fd)).toBe(false);
  });
});

describe("Maximum check: 'Value cannot exceed %s'", () => {
  it('refuses a value above the maximum with the maximum in the message', () => {
    expect(validateMaxValue(100000)(100001, fd)).toBe('Value cannot exceed 100000');
    expect(validateMaxValue(100000)('100000', fd)).toBe(false);
  });
});

describe("Not-empty check: 'cannot be empty' when value is null, empty string or empty array", () => {
  it.each([[null], [undefined], [''], [[]]])('%s is empty', (v) => {
    expect(validateNonEmpty(v, fd)).toBe('cannot be empty');
  });
  it.each([['x'], [[1]], [0]])('%s is not', (v) => {
    expect(validateNonEmpty(v, fd)).toBe(false);
  });
});

describe('Row limit and series limit use a positive-integer validator', () => {
  it('refuses non-integers with the integer message and zero or negatives', () => {
    expect(validatePositiveInteger('12.5', fd)).toBe('is expected to be an integer');
    expect(validatePositiveInteger(0, fd)).toBe('is expected to be a positive integer');
    expect(validatePositiveInteger(-5, fd)).toBe('is expected to be a positive integer');
    expect(validatePositiveInteger(50, fd)).toBe(false);
  });
});

describe("The orderby entry must be valid JSON, else 'Found invalid orderby options'", () => {
  it('accepts JSON [column, ascending] pairs', () => {
    expect(validateOrderBy(['["name", true]', '["num", false]'], fd)).toBe(false);
    expect(validateOrderBy([], fd)).toBe(false);
  });
  it.each([[['not json']], [['["name"]']], [['["name", "yes"]']]])('%s is refused', (v) => {
    expect(validateOrderBy(v, fd)).toBe('Found invalid orderby options');
  });
});

describe('A metric expression must match: optional LONG, DOUBLE or FLOAT prefix, then SUM, AVG, MAX, MIN or COUNT, then parentheses holding a column name', () => {
  it('parses the allowed forms', () => {
    expect(parseMetricExpression('SUM(num)')).toEqual({ aggregate: 'SUM', column: 'num' });
    expect(parseMetricExpression('DOUBLE avg( price )')).toEqual({ prefix: 'DOUBLE', aggregate: 'AVG', column: 'price' });
    expect(parseMetricExpression('COUNT("Miles per gallon")')).toEqual({ aggregate: 'COUNT', column: 'Miles per gallon' });
  });
  it('refuses anything else', () => {
    expect(parseMetricExpression('MEDIAN(num)')).toBeNull();
    expect(parseMetricExpression('SUM(a) + SUM(b)')).toBeNull();
    expect(parseMetricExpression('COUNT(*)')).toBeNull();
  });
});
