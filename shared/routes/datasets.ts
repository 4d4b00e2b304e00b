import { defineRoutes } from './route';

export const datasetRoutes = defineRoutes([]);
