import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CSV_FORMATS, csvTemplate, type CsvFormat } from '@portal/shared/constants/csv-formats';
import { csvRecords, type CsvRecord } from '../src/lib/csv';
import { readExamKeyRow } from '../src/modules/learning/materials';
import { readResultRow, readStatusRow } from '../src/modules/enrolments/changes';
import { readGrantRow } from '../src/modules/catalogue/grants';
import type { ReadRow } from '../src/services/import-reports';

/** The rows of a file as the imports read them. */
async function recordsOf(format: CsvFormat, text: string): Promise<CsvRecord<string>[]> {
  const records: CsvRecord<string>[] = [];
  for await (const record of csvRecords(Readable.from([Buffer.from(text)]), format.columns, 1024 * 1024))
    records.push(record);
  return records;
}

// The console offers each file's template (issue 25, item 3): what it offers must be what the import reads.
const readers: [keyof typeof CSV_FORMATS, (record: CsvRecord<any>) => ReadRow<unknown>][] = [
  ['enrolmentStatuses', readStatusRow],
  ['results', readResultRow],
  ['grants', readGrantRow],
  ['examKeys', readExamKeyRow],
];

describe('the templates of the CSV imports', () => {
  it.each(readers)(
    'the %s template is read by its import, every example row accepted',
    async (name, read) => {
      const format = CSV_FORMATS[name];
      const records = await recordsOf(format, csvTemplate(format));
      expect(records.map((record) => format.columns.map((column) => record.cells[column.key]))).toEqual(
        format.examples,
      );
      for (const record of records) expect(read(record)).not.toHaveProperty('refusal');
    },
  );

  it('a column listed with its values refuses a value outside them', async () => {
    const format = CSV_FORMATS.enrolmentStatuses;
    const [record] = await recordsOf(format, 'rollNo,course,status\nPIAIC-000123,AIC,ADMITTED\n');
    expect(readStatusRow(record!)).toMatchObject({
      refusal: `status "ADMITTED" is not one of ${CSV_FORMATS.enrolmentStatuses.columns[2].values.join(', ')}`,
    });
  });

  it('writes the header from each column’s first name and quotes a cell that needs it', () => {
    expect(
      csvTemplate({
        template: 'example',
        columns: [
          { key: 'quizName', names: ['quiz_name', 'quiz'] },
          { key: 'examKey', names: ['exam_key'] },
        ],
        examples: [['Quiz, part "one"', 'KEY-1']],
      }),
    ).toBe('quiz_name,exam_key\r\n"Quiz, part ""one""",KEY-1\r\n');
  });
});
