// The plain-data resource declarations that functions, infra/aws and infra/local all read.
export * from './tables';
export * from './queues';
export * from './schedules';
export * from './environment';
export * from './metrics';
