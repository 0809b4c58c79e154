import { useState, type FormEvent } from 'react';
import { COURSE_LINK_KINDS, type CourseLinkKind } from '@portal/shared/constants/learning';
import * as calls from '@portal/shared/calls/lectures';
import type { StaffCourseLink } from '@portal/shared/schemas/staff-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { optionsOf } from '@/console/components/filter-bar';
import { ListTable, type Column } from '@/console/components/list-table';
import {
  contentKeys,
  linkScope,
  useContentChange,
  useCourseLinks,
} from '@/console/features/content/api/content';
import { useChangeFailure } from '@/console/features/content/components/content-actions';
import { useT } from '@/console/i18n';
import { staffCall } from '@/console/lib/staff-client';
import { ScopeForm, useScope } from '@/console/features/content/components/scope-form';

/** Content → Course links: the links of a course, batch number and quarter (or every quarter). */
export function LinksRoute() {
  const t = useT();
  const failure = useChangeFailure();
  const { scope, setScope, key } = useScope();
  const links = useCourseLinks(scope);
  const refresh = contentKeys.links(scope);
  const change = useContentChange(refresh);
  const chosen = linkScope(scope);
  const [kind, setKind] = useState<CourseLinkKind>('syllabus');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    change.mutate(() => staffCall(calls.setCourseLink, { body: { ...chosen, kind, title, url } }));
  }
  return (
    <div className="stack">
      <h1>{t('content.links.title')}</h1>
      <ScopeForm key={key} scope={scope} onApply={setScope} quarterOptional />
      {links.isError ? (
        <FailurePanel error={links.error} retrying={links.isFetching} onRetry={() => void links.refetch()} />
      ) : null}
      {links.data && chosen ? (
        <>
          <form
            className="console-section filter-bar"
            aria-label={t('content.links.setLabel')}
            onSubmit={submit}
          >
            <Select
              label={t('content.links.kind')}
              options={optionsOf(COURSE_LINK_KINDS)}
              value={kind}
              onChange={(event) => setKind(event.target.value as CourseLinkKind)}
            />
            <TextField
              label={t('content.links.linkTitle')}
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
            <TextField
              label={t('content.links.address')}
              required
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
            <Button type="submit" loading={change.isPending}>
              {t('content.links.save')}
            </Button>
          </form>
          {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
          <ListTable
            label={t('content.links.title')}
            caption={t('content.links.caption')}
            rows={links.data.data}
            rowKey={(link) => link.kind}
            columns={linkColumns(t, (link) =>
              change.mutate(() =>
                staffCall(calls.deleteCourseLink, { body: { ...chosen, kind: link.kind } }),
              ),
            )}
          />
          {links.data.data.length === 0 ? <p>{t('content.links.empty')}</p> : null}
        </>
      ) : null}
    </div>
  );
}

/** The course links' columns; the last one deletes a link with `remove`. */
function linkColumns(
  t: ReturnType<typeof useT>,
  remove: (link: StaffCourseLink) => void,
): Column<StaffCourseLink>[] {
  return [
    { key: 'kind', header: t('content.links.kind'), cell: (link) => link.kind },
    { key: 'title', header: t('content.links.titleColumn'), cell: (link) => link.title },
    { key: 'address', header: t('content.links.address'), cell: (link) => link.url },
    {
      key: 'actions',
      header: t('content.actions.actions'),
      headerHidden: true,
      cell: (link) => (
        <Button variant="danger" onClick={() => remove(link)}>
          {t('content.links.delete', { kind: link.kind })}
        </Button>
      ),
    },
  ];
}
