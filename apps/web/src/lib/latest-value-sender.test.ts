import { describe, expect, it } from 'vitest';
import { latestValueSender } from './latest-value-sender.js';

function deferredServer() {
  const calls: { value: number; answer(): void; refuse(): void }[] = [];
  const deliver = (value: number) =>
    new Promise<number>((resolve, reject) => {
      calls.push({ value, answer: () => resolve(value * 10), refuse: () => reject(new Error('no')) });
    });
  return { calls, deliver };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('latestValueSender', () => {
  it('sends one value at a time and, of those asked for meanwhile, only the latest', async () => {
    const server = deferredServer();
    const latest: number[] = [];
    const sender = latestValueSender(server.deliver, {
      onLatest: (answer) => latest.push(answer),
      onError: () => latest.push(-1),
    });
    const done = sender.send(2);
    sender.send(3);
    sender.send(4);
    await tick();
    expect(server.calls.map((c) => c.value)).toEqual([2]);
    expect(sender.busy()).toBe(true);
    server.calls[0]?.answer();
    await tick();
    // 3 was overtaken by 4 before it could be sent; 2's answer is not the latest, so not applied.
    expect(server.calls.map((c) => c.value)).toEqual([2, 4]);
    expect(latest).toEqual([]);
    server.calls[1]?.answer();
    await done;
    expect(latest).toEqual([40]);
    expect(sender.busy()).toBe(false);
  });

  it('reports a refusal of the latest value and goes on sending after it', async () => {
    const server = deferredServer();
    const errors: number[] = [];
    const answers: number[] = [];
    const sender = latestValueSender(server.deliver, {
      onLatest: (answer) => answers.push(answer),
      onError: (_e, value) => errors.push(value),
    });
    const first = sender.send(5);
    await tick();
    server.calls[0]?.refuse();
    await first;
    expect(errors).toEqual([5]);
    const second = sender.send(6);
    await tick();
    server.calls[1]?.answer();
    await second;
    expect(answers).toEqual([60]);
  });
});
