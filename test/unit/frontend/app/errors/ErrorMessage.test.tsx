// The shared error display (spec section 8): the generic view and the specialised views by error type.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorMessage } from '../../../../../frontend/src/app/errors/ErrorMessage';
import { ERROR_VIEWS } from '../../../../../frontend/src/app/errors/errorViews';
import type { SupersetErrorItem } from '../../../../../shared/errors';

const item = (error_type: SupersetErrorItem['error_type'], message: string, extra: Record<string, unknown> | null = null): SupersetErrorItem => ({
  error_type,
  message,
  level: 'error',
  extra,
});
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim();

describe('ErrorMessage', () => {
  it("shows 'Unexpected error' with the message, Copy message and See more for an error type without a view", () => {
    const html = renderToStaticMarkup(<ErrorMessage message="fallback" errors={[item('GENERIC_DB_ENGINE_ERROR', 'engine said no')]} />);
    expect(text(html)).toContain('Unexpected error');
    expect(text(html)).toContain('engine said no');
    expect(html).toContain('>Copy message</button>');
    expect(html).toContain('aria-expanded="false"');
    expect(text(html)).toContain('See more');
    expect(html).toContain('role="alert"');
  });

  it('shows Close only with a handler, and (Request Access) only with a link', () => {
    const plain = renderToStaticMarkup(<ErrorMessage message="m" />);
    expect(plain).not.toContain('>Close</button>');
    expect(plain).not.toContain('Request Access');
    expect(plain).not.toContain('See more');
    const full = renderToStaticMarkup(<ErrorMessage message="m" link="https://access.example/ask" onClose={() => undefined} />);
    expect(full).toContain('>Close</button>');
    expect(full).toContain('href="https://access.example/ask"');
    expect(text(full)).toContain('(Request Access)');
  });

  it('picks the specialised view by error_type', () => {
    const timeout = renderToStaticMarkup(<ErrorMessage message="m" errors={[item('SQLLAB_TIMEOUT_ERROR', 'too slow')]} />);
    expect(text(timeout)).toContain('Timeout error');
    const missing = renderToStaticMarkup(
      <ErrorMessage message="m" errors={[item('MISSING_TEMPLATE_PARAMS_ERROR', 'params missing', { undefined_parameters: ['who'] })]} />,
    );
    expect(text(missing)).toContain('Missing template parameter(s)');
    expect(missing).toContain('<code>who</code>');
    const syntax = renderToStaticMarkup(
      <ErrorMessage message="m" sql={'SELECT\nFROMM t'} errors={[item('SYNTAX_ERROR', 'bad', { line: 2, position: 1 })]} />,
    );
    expect(text(syntax)).toContain('Syntax error');
    expect(syntax).toContain('aria-label="Error at line 2, column 1"');
  });

  it('has a view for each error type the SQL Lab spec singles out', () => {
    for (const type of ['SYNTAX_ERROR', 'SQLLAB_TIMEOUT_ERROR', 'DML_NOT_ALLOWED_ERROR', 'MISSING_TEMPLATE_PARAMS_ERROR', 'TABLE_DOES_NOT_EXIST_ERROR', 'FRONTEND_NETWORK_ERROR']) {
      expect(ERROR_VIEWS[type], type).toBeDefined();
    }
  });
});
