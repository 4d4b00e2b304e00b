import { defineRoutes } from './route';

export const databaseRoutes = defineRoutes([]);
