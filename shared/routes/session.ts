// Form login as Flask-AppBuilder serves it, for clients that log in like a browser (preset-cli's
// superset-cli): GET /login/ answers the form (the app's own page for browsers, Accept: text/html),
// POST /login/ sets the session cookie and redirects, GET /logout/ clears it. CloudFront routes by
// path only, so it redirects the page paths to their /superset twins (infra/aws/webPaths.ts).
import { z } from 'zod';
import { defineRoutes } from './route';
import { HtmlPageSchema } from '../schemas/responses/platform';

export const FormLoginBodySchema = z
  .object({
    username: z.string().max(256).default(''),
    password: z.string().max(1024).default(''),
    csrf_token: z.string().max(256).optional(),
    next: z.string().max(2048).optional(),
  })
  .passthrough();
export type FormLoginBody = z.infer<typeof FormLoginBodySchema>;

export const LoginPageQuerySchema = z.object({ next: z.string().max(2048).optional() }).passthrough();

export const sessionRoutes = defineRoutes([
  { name: 'session.loginPage', method: 'GET', path: '/login/', module: 'session', public: true, query: LoginPageQuerySchema, spaPage: true, response: HtmlPageSchema },
  { name: 'session.login', method: 'POST', path: '/login/', module: 'session', public: true, bodyFormat: 'form', body: FormLoginBodySchema, spaPage: true, response: HtmlPageSchema },
  { name: 'session.loginPageTwin', method: 'GET', path: '/superset/login/', module: 'session', public: true, query: LoginPageQuerySchema, response: HtmlPageSchema },
  { name: 'session.loginTwin', method: 'POST', path: '/superset/login/', module: 'session', public: true, bodyFormat: 'form', body: FormLoginBodySchema, response: HtmlPageSchema },
  { name: 'session.logout', method: 'GET', path: '/logout/', module: 'session', public: true, response: HtmlPageSchema },
]);
