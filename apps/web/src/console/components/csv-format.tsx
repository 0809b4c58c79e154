import {
  csvTemplate,
  type CSV_FORMATS,
  type CsvFormatColumn,
  type CsvFormatName,
} from '@portal/shared/constants/csv-formats';
import { useT } from '@/console/i18n';
import { ListTable } from './list-table';

/** One of the files staff upload: `CSV_FORMATS.results`, say. */
export type CsvFormatOf = (typeof CSV_FORMATS)[CsvFormatName];

/** A column of any of them: its key names its description in the console's texts. */
type FormatColumn = CsvFormatColumn<CsvFormatOf['columns'][number]['key']>;

/** A data address for the template's text: it downloads with its name, and needs no script to build it. */
function templateHref(format: CsvFormatOf): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate(format))}`;
}

/**
 * What a CSV file for an import must hold (issue 25, item 3): its columns with the other header names each
 * accepts and what a cell may hold, the file's limit, and a template to fill in. The columns and the template
 * come from the same description the server reads the file by (`CSV_FORMATS`).
 */
export function CsvFormat(props: { format: CsvFormatOf; title: string; maxBytes: number }) {
  const { format, title, maxBytes } = props;
  const t = useT();
  const file = `${format.template}-template.csv`;
  return (
    <div className="csv-format">
      <ListTable<FormatColumn>
        label={t('app.csvFormat.region', { title })}
        caption={t('app.csvFormat.caption')}
        rows={format.columns}
        rowKey={(column) => column.key}
        columns={[
          {
            key: 'name',
            header: t('app.csvFormat.column'),
            cell: (column) => <code>{column.names[0]}</code>,
          },
          {
            key: 'holds',
            header: t('app.csvFormat.holds'),
            cell: (column) =>
              t(`app.csvFormat.columns.${column.key}`, { values: column.values?.join(', ') ?? '' }),
          },
          {
            key: 'also',
            header: t('app.csvFormat.alsoAccepted'),
            cell: (column) => column.names.slice(1).join(', ') || '—',
          },
        ]}
      />
      <p className="field__hint">{t('app.csvFormat.rules', { size: maxBytes / 1024 / 1024 })}</p>
      <p>
        <a href={templateHref(format)} download={file}>
          {t('app.csvFormat.template', { file })}
        </a>
      </p>
    </div>
  );
}
