/** Small inline icons of the layout (decorative: aria-hidden). Directional ones mirror in RTL by CSS. */
import type { MenuIcon } from '../route-entry';

const base = { viewBox: '0 0 24 24', width: 18, height: 18, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function HomeIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h14V9.5" />
      <path d="M10 21v-6h4v6" />
    </svg>
  );
}

export function MembersIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
      <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.8 3 2.5 3.5 5.2" />
    </svg>
  );
}

export function MenuBarsIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...base} width={16} height={16} aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...base} width={16} height={16} aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/** Three columns of cards: the lead panels of the pipeline. */
export function PipelineIcon() {
  return (
    <svg {...base} width={20} height={20} aria-hidden="true">
      <rect x="3" y="4" width="5" height="14" rx="1" />
      <rect x="10" y="4" width="5" height="9" rx="1" />
      <rect x="17" y="4" width="4" height="11" rx="1" />
    </svg>
  );
}

/** A person's card: the contacts table. */
export function ContactsIcon() {
  return (
    <svg {...base} width={20} height={20} aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="11" r="2.5" />
      <path d="M5.5 17c.7-1.8 2-2.7 3.5-2.7s2.8.9 3.5 2.7M15 9h3M15 13h3" />
    </svg>
  );
}

/** A price tag: tag management. */
export function TagsIcon() {
  return (
    <svg {...base} width={20} height={20} aria-hidden="true">
      <path d="M3 12V4h8l10 10-8 8z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </svg>
  );
}

/** Two speech bubbles: the synced conversations. */
export function ConversationsIcon() {
  return (
    <svg {...base} width={20} height={20} aria-hidden="true">
      <path d="M4 5h11a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
      <path d="M16 9h4a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-1v3l-4-3h-4a1 1 0 0 1-1-1v-1" />
    </svg>
  );
}

/** A stack of message cards: the template centre. */
export function TemplatesIcon() {
  return (
    <svg {...base} width={20} height={20} aria-hidden="true">
      <rect x="3" y="7" width="14" height="14" rx="2" />
      <path d="M7 3h12a2 2 0 0 1 2 2v12M7 12h6M7 16h4" />
    </svg>
  );
}

/** A plug: the integration centre (webhooks and CRMs). */
export function IntegrationsIcon() {
  return (
    <svg {...base} width={20} height={20} aria-hidden="true">
      <path d="M9 3v4M15 3v4M7 7h10v4a5 5 0 0 1-10 0z" />
      <path d="M12 16v5" />
    </svg>
  );
}

/** Bars over a base line: analytics. */
export function AnalyticsIcon() {
  return (
    <svg {...base} width={20} height={20} aria-hidden="true">
      <path d="M3 21h18" />
      <path d="M6 17v-5M11 17V7M16 17v-8M20 17v-3" />
    </svg>
  );
}

export function MenuEntryIcon({ icon }: { icon: MenuIcon }) {
  switch (icon) {
    case 'home':
      return <HomeIcon />;
    case 'pipeline':
      return <PipelineIcon />;
    case 'contacts':
      return <ContactsIcon />;
    case 'tags':
      return <TagsIcon />;
    case 'conversations':
      return <ConversationsIcon />;
    case 'members':
      return <MembersIcon />;
    case 'templates':
      return <TemplatesIcon />;
    case 'integrations':
      return <IntegrationsIcon />;
    case 'analytics':
      return <AnalyticsIcon />;
  }
}
