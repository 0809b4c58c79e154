import { describe, expect, it } from 'vitest';
import { code128Pattern, code128Symbols, patternBars, symbolPattern } from './code128';

/*
 * Expected patterns are written out from the published CODE128 symbol table, not derived from the code
 * under test.
 */
const START_B = '11010010000';
const STOP = '1100011101011';
const table: Record<string, string> = {
  P: '11101110110', // 48
  I: '11000100010', // 41
  A: '10100011000', // 33
  C: '10001000110', // 35
  '-': '10011011100', // 13
  '0': '10011101100', // 16
  '1': '10011100110', // 17
  '2': '11001110010', // 18
  '3': '11001011100', // 19
  ' ': '11011001100', // 0
  '~': '10001011110', // 94
};

describe('CODE128 code set B', () => {
  it('draws Start B, Stop and the symbols of the published table', () => {
    expect(symbolPattern(104)).toBe(START_B);
    expect(symbolPattern(106)).toBe(STOP);
    expect(symbolPattern(103)).toBe('11010000100'); // Start A
    expect(symbolPattern(105)).toBe('11010011100'); // Start C
    for (const [character, pattern] of Object.entries(table)) {
      expect(symbolPattern(character.charCodeAt(0) - 32)).toBe(pattern);
    }
  });

  it('has 107 distinct symbols of 11 modules (Stop 13), each with an even number of bar modules', () => {
    const all = Array.from({ length: 107 }, (_, value) => symbolPattern(value));
    expect(new Set(all).size).toBe(107);
    all.slice(0, 106).forEach((pattern) => expect(pattern).toMatch(/^1[01]{9}0$/));
    all.forEach((pattern) => expect(pattern.replace(/0/g, '').length % 2).toBe(0));
    expect(() => symbolPattern(107)).toThrow(RangeError);
  });

  it("encodes 'PIAIC-000123' with checksum 82 (sum 1730 mod 103)", () => {
    // 104 + 1·48 + 2·41 + 3·33 + 4·41 + 5·35 + 6·13 + 7·16 + 8·16 + 9·16 + 10·17 + 11·18 + 12·19 = 1730
    expect(code128Symbols('PIAIC-000123')?.checksum).toBe(82);
    const expected = [
      START_B,
      ...Array.from('PIAIC-000123', (character) => table[character]!),
      '10010011110', // 82, the checksum
      STOP,
    ].join('');
    expect(code128Pattern('PIAIC-000123')).toBe(expected);
    expect(expected).toHaveLength(11 * 14 + 13);
  });

  it("encodes '123' with checksum 8 ((104 + 17 + 36 + 57) mod 103)", () => {
    expect(code128Pattern('123')).toBe(
      START_B + table['1']! + table['2']! + table['3']! + '10001100100' + STOP,
    );
  });

  it('cannot encode text outside code set B, nor nothing', () => {
    expect(code128Pattern('')).toBeNull();
    expect(code128Pattern('PIAIC-00012é')).toBeNull();
    expect(code128Pattern('tab\there')).toBeNull();
  });

  it('turns the pattern into bars', () => {
    expect(patternBars(START_B)).toEqual([
      { x: 0, width: 2 },
      { x: 3, width: 1 },
      { x: 6, width: 1 },
    ]);
  });
});
