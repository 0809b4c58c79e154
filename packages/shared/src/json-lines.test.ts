import { describe, expect, it } from 'vitest';
import { lineOfJsonPath } from './json-lines';

const file = JSON.stringify(
  {
    version: 1,
    note: 'a "quoted" } and ] inside, with \\ and \n escaped',
    timeSlots: [
      { name: 'First', location: '' },
      { name: 'Second', nested: [[1, 2], { deep: true }], location: 'javascript:alert(1)' },
    ],
  },
  null,
  2,
);

describe('lineOfJsonPath', () => {
  it('names the line a value starts on, as the file is laid out', () => {
    const lines = file.split('\n');
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
    expect(lineOfJsonPath(file, ['timeSlots', 1, 'location'])).toBe(lineOf('javascript:'));
    expect(lineOfJsonPath(file, ['timeSlots', 0, 'name'])).toBe(lineOf('"First"'));
    expect(lineOfJsonPath(file, ['timeSlots', 1])).toBe(lineOf('"Second"') - 1);
    expect(lineOfJsonPath(file, ['version'])).toBe(2);
    expect(lineOfJsonPath('{"a":[1,{"b":2}]}', ['a', 1, 'b'])).toBe(1);
  });

  it('answers undefined for a path the text does not hold, or text that is not JSON', () => {
    expect(lineOfJsonPath(file, ['timeSlots', 2])).toBeUndefined();
    expect(lineOfJsonPath(file, ['courses'])).toBeUndefined();
    expect(lineOfJsonPath(file, ['version', 'x'])).toBeUndefined();
    expect(lineOfJsonPath('{"a": [1, 2', ['a', 5])).toBeUndefined();
  });
});
