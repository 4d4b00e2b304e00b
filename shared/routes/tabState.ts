import { defineRoutes } from './route';

export const tabStateRoutes = defineRoutes([]);
