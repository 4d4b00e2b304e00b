import { defineRoutes } from './route';

export const sqllabRoutes = defineRoutes([]);
