import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('needs nothing for a first run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      secret: undefined,
      defaultFeatures: ['AccessList', 'Statistics'],
      signup: 'open',
      demoData: true,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('trusts X-Forwarded-For only when told whom to trust', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ KETE_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ KETE_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ KETE_TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
    expect(() => loadConfig({ KETE_TRUST_PROXY: 'everyone' })).toThrow('KETE_TRUST_PROXY');
  });

  it('keeps metrics off unless asked, logs JSON, waits 60 s for the database, and names a bad value', () => {
    expect(loadConfig({})).toMatchObject({
      metricsOnPublicPort: false,
      metricsPort: undefined,
      logFormat: 'json',
      databaseWaitSeconds: 60,
    });
    expect(
      loadConfig({ KETE_METRICS: '1', KETE_METRICS_PORT: '9464', LOG_FORMAT: 'pretty', KETE_DB_WAIT: '5' }),
    ).toMatchObject({
      metricsOnPublicPort: true,
      metricsPort: 9464,
      logFormat: 'pretty',
      databaseWaitSeconds: 5,
    });
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT');
    expect(() => loadConfig({ KETE_METRICS: 'yes' })).toThrow('KETE_METRICS');
    expect(() => loadConfig({ KETE_METRICS_PORT: '70000' })).toThrow('KETE_METRICS_PORT');
    expect(() => loadConfig({ KETE_DB_WAIT: '-1' })).toThrow('KETE_DB_WAIT');
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      KETE_DATA_DIR: '/var/lib/kete',
      DATABASE_URL: 'postgres://kete@db:5432/kete',
      SMTP_URL: 'smtp://mail:587',
      MAIL_FROM: 'Kete <hi@kete.nz>',
      KETE_SECRET: 'x'.repeat(40),
      KETE_DEFAULT_FEATURES: 'Statistics',
      KETE_SIGNUP: 'invite',
      KETE_DEMO_DATA: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/kete',
      databaseUrl: 'postgres://kete@db:5432/kete',
      smtpUrl: 'smtp://mail:587',
      mailFrom: 'Kete <hi@kete.nz>',
      defaultFeatures: ['Statistics'],
      signup: 'invite',
      demoData: false,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/kete'],
    ['SMTP_URL', 'http://mail'],
    ['KETE_SECRET', 'short'],
    ['KETE_DEFAULT_FEATURES', 'AccessList,Teleport'],
    ['KETE_SIGNUP', 'sometimes'],
    ['KETE_PUBLIC_URL', 'not a url'],
  ])('stops on a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
