import { defineRoutes } from './route';

export const queryRoutes = defineRoutes([]);
