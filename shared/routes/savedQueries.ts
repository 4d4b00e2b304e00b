import { defineRoutes } from './route';

export const savedQueryRoutes = defineRoutes([]);
