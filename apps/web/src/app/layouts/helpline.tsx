import { isHelplineOpen } from '@portal/shared/constants/helpline';
import { useId } from 'react';
import { cx } from '@/lib/class-names';
import { useSettings } from '@/lib/settings';
import { useNow } from '@/lib/use-now';
import { useT } from './i18n';

export function Helpline() {
  const t = useT();
  const { data: settings } = useSettings();
  const open = isHelplineOpen(useNow());
  const titleId = useId();

  return (
    <section className="helpline" aria-labelledby={titleId}>
      <h2 id={titleId} className="helpline__title">
        {t('helpline.title')}
      </h2>
      {settings ? (
        <a className="helpline__number" href={`tel:${settings.helplineNumber.replace(/[^\d+]/g, '')}`}>
          {settings.helplineNumber}
        </a>
      ) : null}
      <p className="helpline__hours">{t('helpline.hours')}</p>
      <p className={cx('helpline__status', open && 'helpline__status--open')}>
        <span className="helpline__dot" aria-hidden="true" />
        {open ? t('helpline.open') : t('helpline.closed')}
      </p>
    </section>
  );
}
