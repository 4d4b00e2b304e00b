import { describe, expect, it } from 'vitest';
import { parseTemplateParams, renderTemplate } from '../../../../functions/sqllab/templates';
import { SupersetError } from '../../../../shared/errors';

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as SupersetError;
  }
  throw new Error('expected an error');
};

describe('template parameters', () => {
  it('substitutes names and dotted paths, leaving other braces alone', () => {
    const params = parseTemplateParams('{"year": 2004, "origin": "USA", "f": {"min": 10}, "xs": [1, 2]}');
    const sql = "SELECT '{' AS b, * FROM cars WHERE Year = {{ year }} AND Origin = '{{origin}}' AND mpg > {{ f.min }} -- {{ xs }}";
    expect(renderTemplate(sql, params)).toBe("SELECT '{' AS b, * FROM cars WHERE Year = 2004 AND Origin = 'USA' AND mpg > 10 -- [1,2]");
  });

  it('drops Jinja comments and offers the caller macros', () => {
    expect(renderTemplate("SELECT {# note #}'{{ current_username() }}', {{ current_user_id() }}", {}, { username: 'ana', userId: 7 })).toBe(
      "SELECT 'ana', 7",
    );
  });

  it('lists every undefined name in MISSING_TEMPLATE_PARAMS_ERROR', () => {
    const error = errorOf(() => renderTemplate('SELECT {{ a }}, {{ b }}, {{ a }}, {{ os.system("x") }}', { b: 1 }));
    expect(error.errorType).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
    expect(error.status).toBe(400);
    expect(error.extra?.undefined_parameters).toEqual(['a', 'os.system("x")']);
    expect(error.message).toBe('The following parameters in your query are undefined: a, os.system("x").');
    expect(errorOf(() => renderTemplate('SELECT {{ a }}', {})).message).toBe('The parameter a in your query is undefined.');
  });

  it('refuses bad JSON and non-object parameters with INVALID_TEMPLATE_PARAMS_ERROR', () => {
    expect(errorOf(() => parseTemplateParams('{"a": ')).errorType).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect(errorOf(() => parseTemplateParams('[1]')).errorType).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect(parseTemplateParams('')).toEqual({});
    expect(parseTemplateParams(null)).toEqual({});
  });

  it('refuses blocks and unclosed tags instead of sending them to the database', () => {
    expect(errorOf(() => renderTemplate('{% for x in y %}SELECT 1{% endfor %}', {})).errorType).toBe('INVALID_SQL_ERROR');
    expect(errorOf(() => renderTemplate('SELECT {{ a', { a: 1 })).errorType).toBe('INVALID_SQL_ERROR');
  });
});
