/**
 * The frame of the standalone workspace pages (invitation acceptance and its outcome pages): a
 * centred card with the product name, a title, the message and the actions a person needs next.
 * No main layout (SPEC §2 "Standalone routes").
 */
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../../components/card';

const page = css({ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: { base: '4', md: '8' }, bg: 'bg.canvas' });
const card = css({ width: 'full', maxWidth: 'lg' });
const brand = css({ fontWeight: 'bold', color: 'colorPalette.default', mb: '2' });
const body = css({ display: 'flex', flexDirection: 'column', gap: '5' });
export const pageActions = css({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const pageNote = css({ color: 'fg.muted', textStyle: 'sm' });

export type WorkspacePageFrameProps = {
  testId: string;
  title: ReactNode;
  /** The main message, right under the title (read first by assistive technology). */
  message?: ReactNode;
  children?: ReactNode;
  busy?: boolean;
};

export function WorkspacePageFrame({ testId, title, message, children, busy = false }: WorkspacePageFrameProps) {
  const { LL } = useI18nContext();
  return (
    <main className={page} data-testid={testId} aria-busy={busy || undefined}>
      <CardRoot className={card}>
        <CardHeader>
          <p className={brand}>{LL.common.productName()}</p>
          <CardTitle asChild>
            <h1>{title}</h1>
          </CardTitle>
          {message ? <CardDescription data-testid={`${testId}-message`}>{message}</CardDescription> : null}
        </CardHeader>
        <CardBody className={body}>{children}</CardBody>
      </CardRoot>
    </main>
  );
}
