import * as v from 'valibot';

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'PORT must be a port number'), v.transform(Number)), '8080'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'))),
  AGENT_HOSTS: v.optional(v.string(), 'agents.localhost'),
  DEMO_MODE: v.optional(v.picklist(['true', 'false'], 'DEMO_MODE must be true or false'), 'true'),
  SEED_SCALE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'SEED_SCALE must be a whole number'), v.transform(Number)), '1'),
  STATIC_DIR: v.optional(v.string(), 'dist'),
});

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  agentHosts: string[];
  demoMode: boolean;
  seedScale: number;
  staticDir: string;
}

/** Reads and checks the environment once at start-up; a bad value stops the server with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const lines = result.issues.map((i) => `  ${v.getDotPath(i) ?? ''}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = result.output;
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    agentHosts: e.AGENT_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    demoMode: e.DEMO_MODE === 'true',
    seedScale: Math.max(1, e.SEED_SCALE),
    staticDir: e.STATIC_DIR,
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), ...overrides };
}
