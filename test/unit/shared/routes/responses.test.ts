// Every route declares what it answers: the handler stack checks answers against it in tests and the
// frontend's client takes its result types from it, so a route without one is a gap in both.
import { describe, expect, it } from 'vitest';
import { routes } from '../../../../shared/routes/index';
import { isSingleSchema, responseSchemaFor } from '../../../../shared/routes/route';

describe('route responses', () => {
  it('every route in the table declares a response schema', () => {
    const missing = routes.filter((r) => r.response === undefined).map((r) => r.name);
    expect(missing, `routes without a response schema: ${missing.join(', ')}`).toEqual([]);
  });

  it('per-status maps name only success statuses, each with a schema', () => {
    for (const route of routes) {
      if (!route.response || isSingleSchema(route.response)) continue;
      const statuses = Object.keys(route.response).map(Number);
      expect(statuses.length, route.name).toBeGreaterThan(0);
      for (const status of statuses) {
        expect(status >= 200 && status < 300, `${route.name}: ${status}`).toBe(true);
        expect(responseSchemaFor(route, status), `${route.name}: ${status}`).toBeDefined();
      }
    }
  });

  it('a single schema covers every success status, a map only the statuses it names', () => {
    const login = routes.find((r) => r.name === 'security.login')!;
    expect(responseSchemaFor(login, 200)).toBeDefined();
    expect(responseSchemaFor(login, 400)).toBeUndefined();
    const execute = routes.find((r) => r.name === 'sqllab.execute')!;
    expect(responseSchemaFor(execute, 202)).toBeDefined();
    expect(responseSchemaFor(execute, 201)).toBeUndefined();
  });
});
