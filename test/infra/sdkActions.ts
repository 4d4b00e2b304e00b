// The IAM actions behind the AWS SDK commands a function's bundle can send, read from the bundle itself:
// the SDK stays external (the Lambda runtime provides it), so a bundle reaches each client package
// through a `require("@aws-sdk/<package>")` whose binding it then reads commands from (`x.PutCommand`),
// and tree shaking has already dropped the code the function never runs. The ports (functions/ports)
// are wired whole in every function (getPorts), so the commands inside a port method count only where
// the bundle holds a source line calling that method (the source map tells which lines it holds).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { REPO_ROOT } from '../../infra/aws/paths';

interface ClientActions {
  prefix: string;
  /** Commands whose IAM actions are not `<prefix>:<command name>`. */
  special?: Record<string, readonly string[]>;
}

const CLIENTS: Record<string, ClientActions> = {
  '@aws-sdk/client-dynamodb': { prefix: 'dynamodb' },
  // The document client's commands marshal the item and send the low-level operation.
  '@aws-sdk/lib-dynamodb': {
    prefix: 'dynamodb',
    special: {
      GetCommand: ['dynamodb:GetItem'],
      PutCommand: ['dynamodb:PutItem'],
      UpdateCommand: ['dynamodb:UpdateItem'],
      DeleteCommand: ['dynamodb:DeleteItem'],
      QueryCommand: ['dynamodb:Query'],
      ScanCommand: ['dynamodb:Scan'],
      BatchGetCommand: ['dynamodb:BatchGetItem'],
      BatchWriteCommand: ['dynamodb:BatchWriteItem'],
      TransactGetCommand: ['dynamodb:GetItem'],
      TransactWriteCommand: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
      ExecuteStatementCommand: ['dynamodb:PartiQLSelect'],
    },
  },
  '@aws-sdk/client-s3': {
    prefix: 's3',
    special: {
      HeadObjectCommand: ['s3:GetObject'],
      HeadBucketCommand: ['s3:ListBucket'],
      ListObjectsCommand: ['s3:ListBucket'],
      ListObjectsV2Command: ['s3:ListBucket'],
      DeleteObjectsCommand: ['s3:DeleteObject'],
      CopyObjectCommand: ['s3:PutObject', 's3:GetObject'],
      CreateMultipartUploadCommand: ['s3:PutObject'],
      UploadPartCommand: ['s3:PutObject'],
      CompleteMultipartUploadCommand: ['s3:PutObject'],
    },
  },
  '@aws-sdk/client-sqs': {
    prefix: 'sqs',
    special: {
      SendMessageBatchCommand: ['sqs:SendMessage'],
      DeleteMessageBatchCommand: ['sqs:DeleteMessage'],
      ChangeMessageVisibilityBatchCommand: ['sqs:ChangeMessageVisibility'],
    },
  },
  '@aws-sdk/client-sesv2': { prefix: 'ses' },
  '@aws-sdk/client-secrets-manager': { prefix: 'secretsmanager' },
  '@aws-sdk/client-kms': { prefix: 'kms' },
  '@aws-sdk/client-cognito-identity-provider': { prefix: 'cognito-idp' },
  '@aws-sdk/client-athena': { prefix: 'athena' },
  '@aws-sdk/client-glue': { prefix: 'glue' },
  '@aws-sdk/client-apigatewaymanagementapi': {
    prefix: 'execute-api',
    special: {
      PostToConnectionCommand: ['execute-api:ManageConnections'],
      GetConnectionCommand: ['execute-api:ManageConnections'],
      DeleteConnectionCommand: ['execute-api:ManageConnections'],
    },
  },
};

/**
 * Methods of objects wired whole (the ports, the KMS key-encryption key): the source that implements
 * them, a call in the functions' sources, and the commands they send.
 */
const PORT_METHODS = [
  { source: 'functions/ports/queue.ts', call: /\bqueue\.send\(/, commands: ['SendMessageCommand'] },
  { source: 'functions/ports/blobs.ts', call: /\bblobs\.put\(/, commands: ['PutObjectCommand'] },
  { source: 'functions/ports/blobs.ts', call: /\bblobs\.get\(/, commands: ['GetObjectCommand'] },
  { source: 'functions/ports/blobs.ts', call: /\bblobs\.delete\(/, commands: ['DeleteObjectCommand'] },
  { source: 'functions/ports/push.ts', call: /\bpush\.toUser\(/, commands: ['QueryCommand', 'PostToConnectionCommand', 'DeleteCommand'] },
  // The keyring (secrets/envelope.ts) over the KMS key: seal asks for a data key, open decrypts one.
  { source: 'functions/secrets/kmsKey.ts', call: /\bkeyringFromEnv\(\)\.seal\(/, commands: ['GenerateDataKeyCommand'] },
  { source: 'functions/secrets/kmsKey.ts', call: /\bkeyringFromEnv\(\)\.open\(/, commands: ['DecryptCommand'] },
] as const;

const PORT_SOURCES: ReadonlySet<string> = new Set([...PORT_METHODS.map((p) => p.source), 'functions/secrets/envelope.ts']);

export interface SdkCall {
  /** `@aws-sdk/lib-dynamodb PutCommand`. */
  command: string;
  actions: readonly string[];
  /** The repository source whose code reads the command, or the port method call that sends it. */
  from: string;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');

interface Bundle {
  code: string;
  /** Its source map (JSON), sources relative to the bundle's folder four levels below the repository. */
  map: string;
}

/** The bundle's sources (repository-relative) and, per source, the lines of it the bundle holds. */
function readMap(bundle: Bundle) {
  const map = JSON.parse(bundle.map) as { sources: string[]; mappings: string };
  const sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, ''));
  const lines = decode(map.mappings);
  const held = new Map<string, Set<number>>();
  for (const line of lines) {
    for (const segment of line) {
      if (segment.length < 4) continue;
      const source = sources[segment[1]!];
      let set = held.get(source);
      if (!set) held.set(source, (set = new Set()));
      set.add(segment[2]!);
    }
  }
  /** The source of the code at a generated position. */
  const sourceAt = (offset: number) => {
    const before = bundle.code.slice(0, offset);
    const lineNo = before.split('\n').length - 1;
    const column = offset - (before.lastIndexOf('\n') + 1);
    let found: string | undefined;
    for (const segment of lines[lineNo] ?? []) {
      if (segment[0] > column) break;
      if (segment.length >= 4) found = sources[segment[1]!];
    }
    return found;
  };
  return { held, sourceAt };
}

/** Whether a source line the bundle holds matches `call`. */
const callsHeld = (held: Map<string, Set<number>>, call: RegExp) =>
  [...held].find(
    ([source, lines]) =>
      source.startsWith('functions/') &&
      !PORT_SOURCES.has(source) &&
      readFileSync(join(REPO_ROOT, source), 'utf8')
        .split('\n')
        .some((text, i) => lines.has(i) && call.test(text)),
  )?.[0];

/** Every SDK command `bundle` (a minified CommonJS bundle) can send, with its IAM actions and where it is sent from. */
export function sdkCallsOf(bundle: Bundle): SdkCall[] {
  const { held, sourceAt } = readMap(bundle);
  const usedPorts = PORT_METHODS.flatMap((p) => {
    const caller = callsHeld(held, p.call);
    return caller ? [{ ...p, caller }] : [];
  });
  const calls = new Map<string, SdkCall>();
  // `o=require("@aws-sdk/x")` or `o=wrap(require("@aws-sdk/x"))` (esbuild's ESM interop).
  const binding = /([\w$]+)=(?:[\w$]+\()?require\("(@aws-sdk\/[\w-]+)"\)/g;
  for (const [, name, pkg] of bundle.code.matchAll(binding)) {
    const client = CLIENTS[pkg];
    for (const match of bundle.code.matchAll(new RegExp(`(?<![\\w$])${escapeRe(name)}\\.(\\w+Command)\\b`, 'g'))) {
      const command = match[1];
      const source = sourceAt(match.index) ?? 'unknown';
      let from = source;
      if (PORT_SOURCES.has(source)) {
        const port = usedPorts.find((p) => p.source === source && (p.commands as readonly string[]).includes(command));
        if (!port) continue;
        from = `${port.caller} through ${source}`;
      }
      const key = `${pkg} ${command}`;
      if (calls.has(key)) continue;
      const actions = client ? (client.special?.[command] ?? [`${client.prefix}:${command.replace(/Command$/, '')}`]) : [`unknown:${key}`];
      calls.set(key, { command: key, actions, from });
    }
  }
  return [...calls.values()].sort((a, b) => a.command.localeCompare(b.command));
}
