// Configuration read once at module scope; a missing variable fails fast with its name.
export function requireEnv(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (value === undefined || value === '') throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const optionalEnv = (name: string, fallback: string, env: NodeJS.ProcessEnv = process.env) =>
  env[name] === undefined || env[name] === '' ? fallback : (env[name] as string);
