// Keys of the single `main` table (tables.ts): every prefix and key builder in one place, so a new
// entity cannot reuse a prefix by accident and a reader can see every access pattern at once.
//
// | Entity / access pattern           | pk                                   | sk                        | index keys                                              |
// |-----------------------------------|--------------------------------------|---------------------------|---------------------------------------------------------|
// | user by id                        | USER#<id>                            | USER                      | gsi1 USERNAME#<lower username> / USER (login by name)   |
// | active SQL Lab tab of a user      | USER#<id>                            | ACTIVETAB                 |                                                         |
// | id counter of a kind              | COUNTER#<kind>                       | COUNTER                   |                                                         |
// | database                          | DATABASE#<id>                        | DATABASE                  | gsi1 DATABASES / padded id (list)                       |
// | database name claim (unique)      | DATABASENAME#<name>                  | DATABASENAME              |                                                         |
// | dataset                           | DATASET#<id>                         | DATASET                   | gsi1 DATABASE#<db>#DATASETNAME#<table> / padded id      |
// |                                   |                                      |                           | gsi2 DATABASE#<db>#DATASETS / padded id                 |
// | dataset name claim (unique)       | DATASETNAME#<db>#<cat>#<schema>#<t>  | DATASETNAME               |                                                         |
// | dataset by uuid                   | DATASETUUID#<lower uuid>             | DATASETUUID               |                                                         |
// | query run                         | QUERY#<user_id>#<client_id>          | QUERY                     | gsi1 USER#<uid>#QUERIES / padded changed_on (history)   |
// |                                   |                                      |                           | gsi2 USER#<uid>#TAB#<tab>#QUERIES / padded start_time   |
// |                                   |                                      |                           | gsi3 QUERYID#<id> (keys only: query by integer id)      |
// | query id pointer (legacy data)    | QUERYID#<id>                         | QUERYID                   |                                                         |
// | small query result                | RESULT#<results_key>                 | RESULT                    |                                                         |
// | saved query                       | SAVEDQUERY#<id>                      | SAVEDQUERY                | gsi1 USER#<uid>#SAVEDQUERIES / padded id (owner's)      |
// |                                   |                                      |                           | gsi2 SAVEDQUERIES / padded id (everyone's, admins)      |
// | saved query schedule (due = range)| SCHEDULE#SAVEDQUERY                  | <padded next run>#<id>    |                                                         |
// | SQL Lab tab                       | TABSTATE#<id>                        | TABSTATE                  | gsi1 USER#<uid>#TABS / padded id                        |
// | table schema of a tab             | TABSTATE#<tab id>                    | TABLESCHEMA#<padded id>   | (read with its tab in one query)                        |
// | table schema by id                | TABLESCHEMA#<id>                     | TABLESCHEMA               |                                                         |
// | dashboard                         | DASHBOARD#<id>                       | DASHBOARD                 | gsi2 DASHBOARDS / padded id (list)                      |
// | dashboard slug claim (unique)     | DASHBOARDSLUG#<slug>                 | DASHBOARDSLUG             |                                                         |
// | key-value store (permalinks)      | KV#<id>                              | KV                        |                                                         |
// | async events of a user            | ASYNC_EVENTS#<uid>                   | EVENT#<padded stream id>  |                                                         |
// | done marker of a queued job      | JOBDONE#<queue>#<job key>            | JOBDONE                   | (worker idempotency, ttl a day)                         |
// | event log                         | LOG#<uid>#<yyyy-mm-dd>               | <dttm>#<batch>#<n>        | gsi1 LOG#<yyyy-mm-dd> / <dttm>#<uid>#<batch>#<n>        |
// | chart (slice)                     | CHART#<id>                           | CHART                     | gsi1 DATASET#<id>#CHARTS / padded id (dataset's charts) |
// |                                   |                                      |                           | gsi2 CHARTS / padded id (list)                          |
// | favorite of a user                | USER#<uid>#FAVORITES                 | <KIND>#<padded id>        |                                                         |
// | explore permalink                 | EXPLOREPERMALINK#<key>               | EXPLOREPERMALINK          |                                                         |
// | explore form data (ttl)           | FORMDATA#<key>                       | FORMDATA                  |                                                         |
// | form data key of a user's tab     | FORMDATACTX#<uid>#<tab>#<ds>#<chart> | FORMDATACTX               |                                                         |
// | dashboard filter state (ttl)      | FILTERSTATE#<key>                    | FILTERSTATE               |                                                         |
// | filter state key of a user's tab  | FILTERSTATECTX#<uid>#<tab>#<dash>    | FILTERSTATECTX            |                                                         |
// | async chart data job              | CHARTJOB#<job id>                    | CHARTJOB                  |                                                         |
// | examples seeded (first start)     | SEED#EXAMPLECHARTS                   | SEED                      |                                                         |
// | a user's chart result (result_url)| CHARTRESULT#<uid>#<cache key>        | CHARTRESULT               |                                                         |
// | report schedule (alert or report) | REPORT#<id>                          | REPORT                    | gsi2 REPORTS / padded id (list)                         |
// | report schedule's next run (range)| SCHEDULE#REPORT                      | <padded next run>#<id>    |                                                         |
// | report execution log              | REPORTLOG#<report id>                | <padded scheduled>#<uuid> |                                                         |
// | report run claim (idempotency)    | REPORTRUN#<report id>#<scheduled ms> | REPORTRUN                 |                                                         |
// | role (built-in or custom)         | ROLES                                | ROLE#<padded id>          | (all roles read in one query, cached)                   |
// | role name claim (unique)          | ROLENAME#<lower name>                | ROLENAME                  |                                                         |
// | permission-view pair (FAB id)     | PVMS                                 | PVM#<padded id>           |                                                         |
// | permission-view pair claim        | PVMKEY#<permission>#<view>           | PVMKEY                    |                                                         |
// | report run in Working (deadline)  | WORKING#REPORT                       | <padded deadline>#<id>#<scheduled ms> |                                             |
// | annotation layer                  | ANNOTATIONLAYER#<id>                 | ANNOTATIONLAYER           | gsi2 ANNOTATIONLAYERS / padded id (list)                |
// | annotation of a layer             | ANNOTATIONLAYER#<layer id>           | ANNOTATION#<padded id>    | (a layer's annotations are one query on its partition)  |
// | tag                               | TAG#<id>                             | TAG                       | gsi2 TAGS / padded id (list)                            |
// | tag name claim (unique)           | TAGNAME#<name>                       | TAGNAME                   |                                                         |
// | tagged object (objects by tag)    | TAG#<tag id>                         | OBJ#<type>#<padded id>    | gsi1 TAGGED#<type>#<id> / padded tag id (tags by object)|
// | row level security filters (all)  | RLSFILTERS                           | SET                       | (one item, versioned: read with every chart query)      |
// | row level security filter (before)| RLS#<id>                             | RLS                       | gsi2 RLSFILTERS / padded id (read once, into the set)   |
// | login failures (throttle, ttl)    | LOGINFAIL#<user or ip>               | <padded failed at ms>     |                                                         |
// | WebSocket ticket (single use, ttl)| WSTICKET#<sha-256 of the ticket>     | WSTICKET                  |                                                         |
//
// Conventions: `pk = <KIND>#<id>`, `sk = <KIND>` for an entity item; sort keys that order numbers are
// zero-padded (padId: 12 digits, padMs: 15).

/** An integer id as a sort key (12 digits). */
export const padId = (n: number) => String(Math.max(0, Math.floor(n))).padStart(12, '0');
/** Epoch milliseconds as a sort key (15 digits). */
export const padMs = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(15, '0');

const entity = (kind: string, id: string | number) => ({ pk: `${kind}#${id}`, sk: kind });

export const KEYS = {
  user: (id: number) => entity('USER', id),
  username: (username: string) => `USERNAME#${username.toLowerCase()}`,
  activeTab: (userId: number) => ({ pk: `USER#${userId}`, sk: 'ACTIVETAB' }),
  counter: (kind: string) => entity('COUNTER', kind),

  rolesPk: 'ROLES',
  role: (id: number) => ({ pk: 'ROLES', sk: `ROLE#${padId(id)}` }),
  roleName: (name: string) => entity('ROLENAME', name.toLowerCase()),
  pvmsPk: 'PVMS',
  pvm: (id: number) => ({ pk: 'PVMS', sk: `PVM#${padId(id)}` }),
  pvmKey: (permission: string, view: string) => entity('PVMKEY', `${permission}#${view}`),

  database: (id: number) => entity('DATABASE', id),
  databaseName: (name: string) => entity('DATABASENAME', name),
  databasesList: 'DATABASES',

  dataset: (id: number) => entity('DATASET', id),
  datasetUuid: (uuid: string) => entity('DATASETUUID', uuid.toLowerCase()),
  datasetsByName: (databaseId: number, tableName: string) => `DATABASE#${databaseId}#DATASETNAME#${tableName}`,
  datasetsOfDatabase: (databaseId: number) => `DATABASE#${databaseId}#DATASETS`,
  datasetName: (d: { database_id: number; catalog: string | null; schema: string | null; table_name: string }) => ({
    pk: `DATASETNAME#${d.database_id}#${d.catalog ?? ''}#${d.schema ?? ''}#${d.table_name}`,
    sk: 'DATASETNAME',
  }),

  /** A query run: client ids are the client's own names, so they are unique per user, not across users. */
  query: (ref: { user_id: number; client_id: string }) => entity('QUERY', `${ref.user_id}#${ref.client_id}`),
  /** Where a query was stored before client ids were scoped per user (still read, and deleted). */
  legacyQuery: (clientId: string) => entity('QUERY', clientId),
  queryId: (id: number) => `QUERYID#${id}`,
  queryIdPointer: (id: number) => entity('QUERYID', id),
  userQueries: (userId: number) => `USER#${userId}#QUERIES`,
  tabQueries: (userId: number, tabId: string) => `USER#${userId}#TAB#${tabId}#QUERIES`,
  result: (resultsKey: string) => entity('RESULT', resultsKey),

  savedQuery: (id: number) => entity('SAVEDQUERY', id),
  userSavedQueries: (userId: number) => `USER#${userId}#SAVEDQUERIES`,
  allSavedQueries: 'SAVEDQUERIES',
  savedQuerySchedulePk: 'SCHEDULE#SAVEDQUERY',
  savedQuerySchedule: (nextRunMs: number, id: number) => ({ pk: 'SCHEDULE#SAVEDQUERY', sk: `${padMs(nextRunMs)}#${padId(id)}` }),

  tab: (id: number) => entity('TABSTATE', id),
  tabTableSchema: (tabId: number, id: number) => ({ pk: `TABSTATE#${tabId}`, sk: `TABLESCHEMA#${padId(id)}` }),
  tableSchemaPrefix: 'TABLESCHEMA#',
  tableSchema: (id: number) => entity('TABLESCHEMA', id),
  userTabs: (userId: number) => `USER#${userId}#TABS`,

  dashboard: (id: number) => entity('DASHBOARD', id),
  dashboardSlug: (slug: string) => entity('DASHBOARDSLUG', slug),
  dashboardsList: 'DASHBOARDS',

  kv: (id: string) => entity('KV', id),
  asyncEvents: (userId: number) => `ASYNC_EVENTS#${userId}`,
  asyncEventPrefix: 'EVENT#',
  logDay: (userId: number, day: string) => `LOG#${userId}#${day}`,
  logAllDay: (day: string) => `LOG#${day}`,

  chart: (id: number) => entity('CHART', id),
  chartsOfDataset: (datasetId: number) => `DATASET#${datasetId}#CHARTS`,
  allCharts: 'CHARTS',
  favorites: (userId: number) => `USER#${userId}#FAVORITES`,
  favorite: (userId: number, kind: string, id: number) => ({ pk: `USER#${userId}#FAVORITES`, sk: `${kind}#${padId(id)}` }),
  explorePermalink: (key: string) => entity('EXPLOREPERMALINK', key),
  formData: (key: string) => entity('FORMDATA', key),
  formDataContext: (userId: number, tabId: number | string, datasource: string, chartId: number | null) =>
    entity('FORMDATACTX', `${userId}#${tabId}#${datasource}#${chartId ?? ''}`),
  filterState: (key: string) => entity('FILTERSTATE', key),
  filterStateContext: (userId: number, tabId: number | string, dashboardId: number) => entity('FILTERSTATECTX', `${userId}#${tabId}#${dashboardId}`),
  chartJob: (jobId: string) => entity('CHARTJOB', jobId),
  jobDone: (queue: string, key: string) => entity('JOBDONE', `${queue}#${key}`),
  exampleChartsSeeded: { pk: 'SEED#EXAMPLECHARTS', sk: 'SEED' },
  exampleDashboardsSeeded: { pk: 'SEED#EXAMPLEDASHBOARDS', sk: 'SEED' },
  chartResultGrant: (userId: number, cacheKey: string) => entity('CHARTRESULT', `${userId}#${cacheKey}`),

  report: (id: number) => entity('REPORT', id),
  allReports: 'REPORTS',
  reportSchedulePk: 'SCHEDULE#REPORT',
  reportSchedule: (nextRunMs: number, id: number) => ({ pk: 'SCHEDULE#REPORT', sk: `${padMs(nextRunMs)}#${padId(id)}` }),
  reportLogs: (reportId: number) => `REPORTLOG#${reportId}`,
  reportLog: (reportId: number, scheduledMs: number, uuid: string) => ({ pk: `REPORTLOG#${reportId}`, sk: `${padMs(scheduledMs)}#${uuid}` }),
  reportRun: (reportId: number, scheduledMs: number) => entity('REPORTRUN', `${reportId}#${scheduledMs}`),
  rlsFilterSet: { pk: 'RLSFILTERS', sk: 'SET' },
  /** Filters as they were kept before the set item (one item each, listed through gsi2). */
  legacyRlsFilter: (id: number) => entity('RLS', id),
  legacyAllRlsFilters: 'RLSFILTERS',
  loginFailures: (subject: string) => `LOGINFAIL#${subject}`,
  wsTicket: (ticketHash: string) => entity('WSTICKET', ticketHash),

  reportWorkingPk: 'WORKING#REPORT',
  reportWorking: (deadlineMs: number, reportId: number, scheduledMs: number) => ({ pk: 'WORKING#REPORT', sk: `${padMs(deadlineMs)}#${padId(reportId)}#${scheduledMs}` }),

  annotationLayer: (id: number) => entity('ANNOTATIONLAYER', id),
  allAnnotationLayers: 'ANNOTATIONLAYERS',
  annotationPrefix: 'ANNOTATION#',
  annotation: (layerId: number, id: number) => ({ pk: `ANNOTATIONLAYER#${layerId}`, sk: `ANNOTATION#${padId(id)}` }),
  tag: (id: number) => entity('TAG', id),
  allTags: 'TAGS',
  tagName: (name: string) => entity('TAGNAME', name),
  /** The sort key prefix of a tag's tagged objects (objects by tag: pk TAG#<id>, begins_with). */
  taggedPrefix: 'OBJ#',
  tagged: (tagId: number, type: string, objectId: number) => ({ pk: `TAG#${tagId}`, sk: `OBJ#${type}#${padId(objectId)}` }),
  /** gsi1 partition of one object's tags (tags by object). */
  tagsOfObject: (type: string, objectId: number) => `TAGGED#${type}#${objectId}`,
} as const;
