/*
 * CODE128 (ISO/IEC 15417), code set B only: printable ASCII, which covers roll numbers such as
 * 'PIAIC-000123'. A symbol is the start character, one symbol per character, a checksum symbol and the stop
 * pattern; each symbol is three bars and three spaces, 11 modules wide (the stop pattern is 13).
 */

/** Bar and space widths of symbol values 0 to 106 (103 Start A, 104 Start B, 105 Start C, 106 Stop). */
const WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const; // prettier-ignore

const START_B = 104;
const STOP = 106;
const CHECKSUM_MODULUS = 103;

/** A symbol's widths as modules: '1' a bar module, '0' a space module, bars first. */
export function symbolPattern(value: number): string {
  const widths = WIDTHS[value];
  if (widths === undefined) throw new RangeError(`No CODE128 symbol has the value ${value}`);
  return Array.from(widths, (width, index) => (index % 2 === 0 ? '1' : '0').repeat(Number(width))).join('');
}

/** Code set B encodes the characters from space (32) to tilde (126) as their code minus 32. */
function codeSetBValue(character: string): number | null {
  const code = character.charCodeAt(0);
  return character.length === 1 && code >= 32 && code <= 126 ? code - 32 : null;
}

export interface Code128Symbols {
  /** Start B, the data symbols, the checksum symbol and Stop, as symbol values. */
  values: number[];
  checksum: number;
}

/** The symbol values of `text` in code set B, or null when a character is outside it (or text is empty). */
export function code128Symbols(text: string): Code128Symbols | null {
  if (text === '') return null;
  const data: number[] = [];
  for (const character of text) {
    const value = codeSetBValue(character);
    if (value === null) return null;
    data.push(value);
  }
  // The start symbol weighs 1, the n-th data symbol n.
  const checksum = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % CHECKSUM_MODULUS;
  return { values: [START_B, ...data, checksum, STOP], checksum };
}

/**
 * The bar pattern of `text` as CODE128 code set B: one character per module, '1' a bar and '0' a space,
 * without the quiet zones (at least 10 modules of space each side when printed). Null when the text cannot
 * be encoded in code set B.
 */
export function code128Pattern(text: string): string | null {
  const symbols = code128Symbols(text);
  return symbols ? symbols.values.map(symbolPattern).join('') : null;
}

export interface Bar {
  /** Where the bar starts, in modules from the left. */
  x: number;
  width: number;
}

/** The bars of a pattern (runs of '1'), for drawing. */
export function patternBars(pattern: string): Bar[] {
  const bars: Bar[] = [];
  for (const match of pattern.matchAll(/1+/g)) bars.push({ x: match.index, width: match[0].length });
  return bars;
}
