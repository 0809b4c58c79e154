import { describe, expect, it } from 'vitest';
import type { Batch } from '@portal/shared/schemas/courses';
import { batchChoices } from '@/features/courses/utils/catalogue';

function named(name: string): Batch {
  return { name } as Batch;
}

describe('batchChoices', () => {
  it('lists each batch name once, in number order rather than letter order', () => {
    const names = ['Batch 36', 'Batch 5', 'Batch 100', 'Batch 5', 'Batch 12'].map(named);
    expect(batchChoices(names)).toEqual(['Batch 5', 'Batch 12', 'Batch 36', 'Batch 100']);
  });
});
