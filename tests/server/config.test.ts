// The environment an operator sets: documented defaults are the real ones, and mistakes are named.
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('applies the documented defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/ikirere');
    const documented = Object.fromEntries(
      configVariables.map((variable) => [variable.name, variable.default]),
    );
    expect(documented).toEqual({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: './.data',
      DATABASE_URL: undefined,
      LOG_LEVEL: 'info',
      STATIC_DIR: './dist',
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/ikirere/.data',
      databaseUrl: undefined,
      logLevel: 'info',
      staticDir: '/srv/ikirere/dist',
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/ikirere',
        DATABASE_URL: 'postgresql://ikirere@db:5432/ikirere',
        LOG_LEVEL: 'DEBUG',
        STATIC_DIR: 'public-build',
      },
      '/srv/ikirere',
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/ikirere',
      databaseUrl: 'postgresql://ikirere@db:5432/ikirere',
      logLevel: 'debug',
      staticDir: '/srv/ikirere/public-build',
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'sqlite:./db', LOG_LEVEL: 'chatty' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "70000").',
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/ikirere.',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "chatty").',
    ]);
  });
});
