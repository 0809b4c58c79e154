import { describe, expect, it } from 'vitest';
import type { Batch } from '@portal/shared/schemas/courses';
import { batchChoices, numberOrder } from '@/features/courses/utils/catalogue';

function named(name: string): Batch {
  return { name } as Batch;
}

describe('batchChoices', () => {
  it('lists each batch name once, in number order rather than letter order', () => {
    const names = ['Batch 36', 'Batch 5', 'Batch 100', 'Batch 5', 'Batch 12'].map(named);
    expect(batchChoices(names)).toEqual(['Batch 5', 'Batch 12', 'Batch 36', 'Batch 100']);
  });
});

describe('numberOrder', () => {
  const collator = new Intl.Collator('en', { numeric: true });
  const sign = (value: number) => Math.sign(value);

  /** A name of up to eight parts: spaces, numbers with and without leading zeros, small and capital letters. */
  function randomName(random: () => number): string {
    const parts = [
      ' ',
      '0',
      '007',
      '1',
      '5',
      '36',
      '100',
      'a',
      'A',
      'b',
      'B',
      'z',
      'Z',
      'Batch',
      'batch',
      'BATCH',
    ];
    const length = Math.floor(random() * 8);
    return Array.from({ length }, () => parts[Math.floor(random() * parts.length)]).join('');
  }

  /** A seeded generator (mulberry32), so that a failure names names that fail again. */
  function seeded(seed: number) {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('orders names of letters, digits and spaces as the collator does, without making one', () => {
    const random = seeded(27);
    const differing: string[] = [];
    for (let pair = 0; pair < 20_000; pair += 1) {
      const [a, b] = [randomName(random), randomName(random)];
      if (sign(numberOrder(a, b)) !== sign(collator.compare(a, b))) differing.push(`${a}|${b}`);
    }
    expect(differing.slice(0, 10)).toEqual([]);
    for (const [a, b] of [
      ['01', '1'],
      ['A01', 'a1'],
      ['Ab', 'aB'],
      ['Batch5', 'Batch 5'],
      ['a', 'a '],
      ['10', '9a'],
    ] as const) {
      expect([a, b, sign(numberOrder(a, b))]).toEqual([a, b, sign(collator.compare(a, b))]);
    }
  });

  it('leaves other names to the collator', () => {
    const names = ['Lahore-2', 'Lahore-10', 'Ébatch 3', 'Batch_1', 'بیچ 2'];
    expect([...names].sort(numberOrder)).toEqual([...names].sort(collator.compare));
  });
});
