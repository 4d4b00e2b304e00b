import { describe, expect, it } from 'vitest';
import { parseObjectType, splitList, tagNameProblem, truncateTagName } from '../../../../shared/tags/tagNames';

describe('truncateTagName (tag names longer than 20 characters are truncated with ...)', () => {
  it('keeps names of up to 20 characters', () => {
    expect(truncateTagName('quarterly')).toBe('quarterly');
    expect(truncateTagName('x'.repeat(20))).toBe('x'.repeat(20));
  });
  it('cuts a longer name at 20 characters and adds ...', () => {
    expect(truncateTagName('a-rather-long-tag-name-for-display')).toBe('a-rather-long-tag-na...');
    expect(truncateTagName('x'.repeat(21))).toBe(`${'x'.repeat(20)}...`);
  });
});

describe('parseObjectType', () => {
  it('reads Superset\'s numbers and names, and saved_query', () => {
    expect(parseObjectType(1)).toBe('query');
    expect(parseObjectType('2')).toBe('chart');
    expect(parseObjectType('dashboard')).toBe('dashboard');
    expect(parseObjectType('saved_query')).toBe('query');
    expect(parseObjectType('Chart')).toBe('chart');
  });
  it('refuses datasets and anything else', () => {
    expect(parseObjectType(4)).toBeNull();
    expect(parseObjectType('dataset')).toBeNull();
    expect(parseObjectType('')).toBeNull();
    expect(parseObjectType(null)).toBeNull();
  });
});

describe('tagNameProblem', () => {
  it('accepts a plain name and refuses empty, too long, : and ,', () => {
    expect(tagNameProblem(' finance ')).toBeNull();
    expect(tagNameProblem('  ')).toBe('Tag name must not be empty');
    expect(tagNameProblem('x'.repeat(251))).toMatch(/at most 250/);
    expect(tagNameProblem('owner:1')).toBe("Invalid Tag Name (cannot contain ':' or ',')");
    expect(tagNameProblem('a,b')).toBe("Invalid Tag Name (cannot contain ':' or ',')");
  });
});

describe('splitList', () => {
  it('splits a comma-separated parameter, dropping empty items', () => {
    expect(splitList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
    expect(splitList('')).toEqual([]);
  });
});
