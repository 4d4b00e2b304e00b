// Amazon Athena (Trino SQL) as the server knows it without opening it.
import type { EngineSpec } from '../types';
import { athenaDialect } from './dialect';

export const athenaSpec: EngineSpec = {
  kind: 'awsathena',
  schemes: ['awsathena'],
  defaultDriver: 'rest',
  aliases: ['athena', 'trino'],
  defaultSchema: 'default',
  capabilities: { costEstimate: false, fileUpload: false, dynamicCatalog: false },
  dialect: athenaDialect,
};
