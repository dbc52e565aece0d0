/**
 * /intro (standalone, public): what the product is, the frequently asked questions the home page
 * links to (anchors faq-what, faq-extension, faq-roles, faq-languages), and sign-in / sign-up links.
 * Test ids: intro-page, intro-sign-in, intro-sign-up.
 */
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { Heading, Text } from '../../components/heading';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { button } from '../../../../styled-system/recipes';

const page = css({ maxWidth: '3xl', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '8', md: '16' }, display: 'flex', flexDirection: 'column', gap: '10' });
const hero = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const brand = css({ fontWeight: 'semibold', color: 'colorPalette.default', letterSpacing: 'wide' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });
const list = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, listStyle: 'none', p: '0' });
const feature = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l3', p: '4', bg: 'bg.default' });
const faqItem = css({ display: 'flex', flexDirection: 'column', gap: '1', scrollMarginTop: '6' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '4' });

export const introFaqAnchors = ['faq-what', 'faq-extension', 'faq-roles', 'faq-languages'] as const;
export type IntroFaqAnchor = (typeof introFaqAnchors)[number];

export function IntroScreen() {
  const { LL } = useI18nContext();
  const t = LL.intro;
  const { hash } = useLocation();
  // The home page's FAQ links point at answers here: bring the asked one into view (DOM only).
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  const faq: { id: IntroFaqAnchor; q: string; a: string }[] = [
    { id: 'faq-what', q: t.faq.whatIsQ(), a: t.faq.whatIsA() },
    { id: 'faq-extension', q: t.faq.extensionQ(), a: t.faq.extensionA() },
    { id: 'faq-roles', q: t.faq.rolesQ(), a: t.faq.rolesA() },
    { id: 'faq-languages', q: t.faq.languagesQ(), a: t.faq.languagesA() },
  ];
  return (
    <main className={page} data-testid="intro-page">
      <header className={hero}>
        <p className={brand}>{LL.common.productName()}</p>
        <Heading as="h1" size="3xl">
          {t.title()}
        </Heading>
        <Text size="lg" muted>
          {t.lead()}
        </Text>
        <div className={actions}>
          <Link to="/signup" className={button({ variant: 'solid' })} data-testid="intro-sign-up">
            {t.signUp()}
          </Link>
          <Link to="/login" className={button({ variant: 'outline' })} data-testid="intro-sign-in">
            {t.signIn()}
          </Link>
        </div>
      </header>
      <section className={section} aria-labelledby="intro-features">
        <Heading as="h2" size="xl" id="intro-features">
          {t.features.title()}
        </Heading>
        <ul className={list}>
          {[t.features.contacts(), t.features.pipeline(), t.features.conversations(), t.features.team()].map((text) => (
            <li key={text} className={feature}>
              {text}
            </li>
          ))}
        </ul>
      </section>
      <section className={section} aria-labelledby="intro-faq">
        <Heading as="h2" size="xl" id="intro-faq">
          {t.faq.title()}
        </Heading>
        {faq.map((item) => (
          <article key={item.id} id={item.id} className={faqItem}>
            <Heading as="h3" size="md">
              {item.q}
            </Heading>
            <Text muted>{item.a}</Text>
          </article>
        ))}
      </section>
    </main>
  );
}
