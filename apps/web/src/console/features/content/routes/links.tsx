import { useState, type FormEvent } from 'react';
import { COURSE_LINK_KINDS, type CourseLinkKind } from '@portal/shared/constants/learning';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { optionsOf } from '@/console/components/filter-bar';
import { TableScroll } from '@/console/components/table-scroll';
import { contentKeys, useContentChange, useCourseLinks } from '@/console/features/content/api/content';
import { useChangeFailure } from '@/console/features/content/components/content-actions';
import { useT } from '@/console/i18n';
import { ScopeForm, useScope } from '@/console/features/content/components/scope-form';

/** Content → Course links: the links of a course, batch number and quarter (or every quarter). */
export function LinksRoute() {
  const t = useT();
  const failure = useChangeFailure();
  const { scope, setScope, key } = useScope();
  const links = useCourseLinks(scope);
  const refresh = contentKeys.links(scope);
  const change = useContentChange(refresh);
  const [kind, setKind] = useState<CourseLinkKind>('syllabus');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ path: '/staffapi/content/links', body: { ...scope, kind, title, url } });
  }
  return (
    <div className="stack">
      <h1>{t('content.links.title')}</h1>
      <ScopeForm key={key} scope={scope} onApply={setScope} quarterOptional />
      {links.isError ? (
        <FailurePanel error={links.error} retrying={links.isFetching} onRetry={() => void links.refetch()} />
      ) : null}
      {links.data ? (
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
          <TableScroll label={t('content.links.title')}>
            <table className="console-table">
              <caption>{t('content.links.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('content.links.kind')}</th>
                  <th scope="col">{t('content.links.titleColumn')}</th>
                  <th scope="col">{t('content.links.address')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('content.actions.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.data.data.map((link) => (
                  <tr key={link.kind}>
                    <td>{link.kind}</td>
                    <td>{link.title}</td>
                    <td>{link.url}</td>
                    <td>
                      <Button
                        variant="danger"
                        onClick={() =>
                          change.mutate({
                            path: '/staffapi/content/links/delete',
                            body: { ...scope, kind: link.kind },
                          })
                        }
                      >
                        {t('content.links.delete', { kind: link.kind })}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {links.data.data.length === 0 ? <p>{t('content.links.empty')}</p> : null}
        </>
      ) : null}
    </div>
  );
}
