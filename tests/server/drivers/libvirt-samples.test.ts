// The libvirt driver's stored usage samples as the monitoring charts read them: each point averages the
// samples of its step, a step without samples (the machine was off) is zero, nothing before the machine
// existed, and network gaps where libvirt has no counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forgetSamples,
  pruneSamples,
  storedMetrics,
  storeSample,
} from '../../../server/drivers/compute/libvirt/usage-samples';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const machineId = '0f8f2c1e-1111-4222-8333-444455556666';
const sample = (cpu: number, networkIn: number | null = null) => ({
  cpu,
  memory: 40,
  diskRead: 1000,
  diskWrite: 500,
  networkIn,
  networkOut: networkIn,
});

describe('stored usage samples', () => {
  it('averages each step, counts missing minutes as off, and leaves gaps before the machine existed', async () => {
    const db = database.handle.db;
    const now = new Date('2026-03-02T12:00:30Z');
    const minute = (m: number) => new Date(Date.UTC(2026, 2, 2, 11, m));
    await storeSample(db, machineId, minute(58), sample(20));
    await storeSample(db, machineId, minute(59), sample(30));
    // A second server sampling the same minute does not count twice.
    await storeSample(db, machineId, minute(59), sample(90));
    const createdAt = new Date('2026-03-02T11:30:00Z');

    const hour = await storedMetrics(db, { id: machineId, createdAt }, '1h', 60, now);
    expect(hour.timestamps).toHaveLength(60);
    expect(hour.timestamps.at(-1)).toBe(Date.UTC(2026, 2, 2, 12, 0) / 1000);
    // Each point covers the step up to it; the minute under way (12:00) has no sample yet.
    expect(hour.cpu.slice(-4)).toEqual([0, 20, 30, 0]);
    expect(hour.readings).toBe(2);
    expect(hour.memory.at(-2)).toBe(40);
    expect(hour.diskRead.at(-2)).toBe(1000);
    // Before it existed: no data, not zero.
    expect(hour.cpu[0]).toBeNull();
    // libvirt had no network counters (QEMU user networking): no data rather than a flat zero.
    expect(hour.networkIn.every((value) => value === null)).toBe(true);

    // Five-minute steps average the minutes they hold, the off ones as zero.
    const day = await storedMetrics(db, { id: machineId, createdAt }, '24h', 60, now);
    expect(day.cpu.at(-1)).toBe(10);

    await storeSample(db, machineId, minute(57), sample(10, 2048));
    const withNetwork = await storedMetrics(db, { id: machineId, createdAt }, '1h', 60, now);
    expect(withNetwork.networkIn.slice(-4)).toEqual([2048, 0, 0, 0]);

    await pruneSamples(db, new Date(now.getTime() + 32 * 86_400_000));
    expect((await storedMetrics(db, { id: machineId, createdAt }, '1h', 60, now)).cpu.at(-1)).toBe(0);
    await forgetSamples(db, machineId);
  });
});
