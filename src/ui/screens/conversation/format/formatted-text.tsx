/**
 * A message's text with its formatting (SPEC §9), rendered as React elements from the parser's
 * tree (./parse.ts): bold, italic, strike and code spans, and http(s) links that open in a new tab
 * without handing this page to the site. The text is React text throughout: a message can never
 * add markup, attributes or scripts to the page. Every piece of text shows its bidi controls as
 * visible marks (`visibleText`, docs/security.md "User text on screen"): a control inside a bold
 * span would otherwise reorder the text after it too, since element boundaries do not end it.
 */
import { memo, useMemo, type ReactNode } from 'react';
import { css } from '../../../../../styled-system/css';
import { visibleText } from '../../../components/visible-text';
import { parseFormatting, type FormatNode } from './parse';

const code = css({
  fontFamily: 'mono',
  fontSize: '0.9em',
  bg: 'bg.subtle',
  borderRadius: 'l1',
  px: '1',
  whiteSpace: 'pre-wrap',
});
const link = css({ color: 'colorPalette.text', textDecoration: 'underline', overflowWrap: 'anywhere' });
const hidden = css({ srOnly: true });

const render = (nodes: readonly FormatNode[], newTab: string): ReactNode[] =>
  nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return visibleText(node.text);
      case 'code':
        return (
          <code key={i} className={code}>
            {visibleText(node.text)}
          </code>
        );
      case 'link':
        return (
          <a key={i} className={link} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {visibleText(node.text)}
            <span className={hidden}> {newTab}</span>
          </a>
        );
      case 'bold':
        return <strong key={i}>{render(node.children, newTab)}</strong>;
      case 'italic':
        return <em key={i}>{render(node.children, newTab)}</em>;
      case 'strike':
        return <s key={i}>{render(node.children, newTab)}</s>;
    }
  });

export type FormattedTextProps = {
  text: string;
  /** Read after a link by assistive technology ("opens in a new tab"). */
  newTabLabel: string;
};

/** The text read once per text (messages re-render as the list grows). */
export const FormattedText = memo(function FormattedText({ text, newTabLabel }: FormattedTextProps) {
  const nodes = useMemo(() => parseFormatting(text), [text]);
  return <>{render(nodes, newTabLabel)}</>;
});
