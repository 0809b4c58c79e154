import { HELPLINE_HOURS_TEXT, isHelplineOpen } from '@portal/shared/constants/helpline';
import { useId } from 'react';
import { cx } from '../../lib/class-names';
import { useSettings } from '../../lib/settings';
import { useNow } from '../../lib/use-now';

export function Helpline() {
  const { data: settings } = useSettings();
  const open = isHelplineOpen(useNow());
  const titleId = useId();

  return (
    <section className="helpline" aria-labelledby={titleId}>
      <h2 id={titleId} className="helpline__title">
        Helpline
      </h2>
      {settings ? (
        <a className="helpline__number" href={`tel:${settings.helplineNumber.replace(/[^\d+]/g, '')}`}>
          {settings.helplineNumber}
        </a>
      ) : null}
      <p className="helpline__hours">{HELPLINE_HOURS_TEXT}</p>
      <p className={cx('helpline__status', open && 'helpline__status--open')}>
        <span className="helpline__dot" aria-hidden="true" />
        {open ? 'Open now' : 'Closed now'}
      </p>
    </section>
  );
}
