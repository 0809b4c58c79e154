import type { Locale } from '@portal/shared/i18n';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import { useCommonT, useLocale } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/student-language';

/**
 * The one language switch: a button that names the other language in its own script ("اردو" on an English
 * page, "English" on an Urdu one). The whole button is in that language (`lang`, and an accessible name
 * that says what it does and contains the visible word), so a screen reader pronounces it right and the
 * person who wants that language can read it. A signed-in student's choice is also saved on the account.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useCommonT();
  const locale = useLocale();
  const other: Locale = locale === 'ur' ? 'en' : 'ur';
  const [switching, setSwitching] = useState(false);

  function handleClick() {
    setSwitching(true);
    chooseLanguage(other)
      .catch(() => {
        // Urdu's texts could not be downloaded: the page stays as it is and the button can be pressed again.
      })
      .finally(() => setSwitching(false));
  }

  return (
    <Button
      variant="secondary"
      className={cx('language-switch', className)}
      lang={other}
      aria-label={t('switchToLabel')}
      loading={switching}
      onClick={handleClick}
    >
      {t('switchTo')}
    </Button>
  );
}
