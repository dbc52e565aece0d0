/**
 * The integration centre's guides inside the main layout (SPEC §2: /integration-center/guide,
 * /integration-center/hubspot/guide and /integration-center/saleforce/guide, spelled as the SPEC
 * spells it; hidden from the menu): how to point a receiver at the webhook and verify its Standard
 * Webhooks signature in Node.js and Python, what an event looks like, and how to connect HubSpot or
 * Salesforce and what is synced. Static pages for every member: no flow. The code samples are
 * code, not prose: they are not translated and read left to right in every language.
 * Test ids: guide-page, guide-back, guide-steps, guide-code-node, guide-code-python, guide-code-payload.
 */
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { INTEGRATIONS_PATH } from '../../../machines/integration-plan';
import { Heading, Text } from '../../components/heading';
import { Link } from '../../components/link';
import { pageStyle } from './parts';

const article = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '3xl', minWidth: '0' });
const steps = css({ display: 'flex', flexDirection: 'column', gap: '3', paddingInlineStart: '6', m: '0', listStyleType: 'decimal' });
const bullets = css({ display: 'flex', flexDirection: 'column', gap: '2', paddingInlineStart: '6', m: '0', listStyleType: 'disc' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' });
const code = css({
  m: '0',
  p: '4',
  borderRadius: 'l2',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  fontFamily: 'mono',
  textStyle: 'xs',
  lineHeight: '1.6',
  overflowX: 'auto',
  maxWidth: 'full',
  textAlign: 'start',
  whiteSpace: 'pre',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});

/** Verifying a delivery in Node.js with the official library (the raw body: the signature covers the bytes sent). */
export const NODE_SAMPLE = `// npm install standardwebhooks express
import express from 'express';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.WEBHOOK_SECRET); // whsec_...
const app = express();

// The raw body: the signature covers the exact bytes that were sent.
app.post('/webhooks/messages', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body.toString('utf8'), req.headers);
  } catch {
    return res.status(400).send('invalid signature');
  }
  // webhook-id is the same on every retry and replay: store it to drop duplicates.
  const id = req.headers['webhook-id'];
  console.log(id, event.type, event.data.message.text);
  res.status(204).end();
});

app.listen(3000);`;

/** The same in Python (Flask). */
export const PYTHON_SAMPLE = `# pip install standardwebhooks flask
import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

wh = Webhook(os.environ["WEBHOOK_SECRET"])  # whsec_...
app = Flask(__name__)

@app.post("/webhooks/messages")
def messages():
    try:
        # The raw body: the signature covers the exact bytes that were sent.
        event = wh.verify(request.get_data(), dict(request.headers))
    except Exception:
        return "invalid signature", 400
    # webhook-id is the same on every retry and replay: store it to drop duplicates.
    print(request.headers["webhook-id"], event["type"], event["data"]["message"]["text"])
    return "", 204`;

/** An example event (a received message), as the server builds it (server/webhooks/events.ts). */
export const PAYLOAD_SAMPLE = `POST /webhooks/messages
content-type: application/json
webhook-id: msg_5d41402abc4b2a76b9719d911017c592
webhook-timestamp: 1741944413
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

{
  "type": "message.received",
  "timestamp": "2025-03-14T09:26:53.000Z",
  "data": {
    "workspaceId": "w_8f3a5c",
    "member": { "userId": "u_51c2d0", "email": "sam@example.com" },
    "chat": { "id": "c_19be70", "chatId": "15551234567@c.us", "name": "Ana Lima", "isGroup": false },
    "message": {
      "msgKey": "false_15551234567@c.us_3EB0C767D0A1",
      "sendTime": 1741944413000,
      "fromMe": false,
      "type": "chat",
      "text": "Hi, is the blue one still available?",
      "senderName": "Ana Lima",
      "fileName": null,
      "fileSize": null,
      "mimeType": null,
      "meta": null
    }
  }
}`;

function GuidePage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { LL } = useI18nContext();
  return (
    <section className={pageStyle} data-testid="guide-page">
      <article className={article}>
        <div>
          <Link to={INTEGRATIONS_PATH} data-testid="guide-back">
            {LL.integrations.guide.back()}
          </Link>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
        </div>
        <Text>{intro}</Text>
        {children}
      </article>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={section}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </section>
  );
}

function Steps({ items }: { items: string[] }) {
  return (
    <ol className={steps} data-testid="guide-steps">
      {items.map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ol>
  );
}

/** A code block: left to right in every language, scrolled inside itself (focusable, so the keyboard can scroll it). */
function Code({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <pre className={code} dir="ltr" tabIndex={0} aria-label={label} data-testid={testId}>
      <code>{text}</code>
    </pre>
  );
}

export function WebhookGuideScreen() {
  const { LL } = useI18nContext();
  const g = LL.integrations.guide;
  const t = g.webhook;
  return (
    <GuidePage title={t.title()} intro={t.intro()}>
      <Section title={g.steps()}>
        <Steps items={[t.step1(), t.step2(), t.step3(), t.step4(), t.step5()]} />
      </Section>
      <Section title={t.requestsTitle()}>
        <Text>{t.requestsHeaders()}</Text>
        <Text>{t.requestsRetry()}</Text>
        <Text>{t.requestsSafety()}</Text>
      </Section>
      <Section title={t.verifyTitle()}>
        <Text>{t.verifyBody()}</Text>
        <Heading as="h3" size="md">
          {t.node()}
        </Heading>
        <Code label={t.node()} text={NODE_SAMPLE} testId="guide-code-node" />
        <Heading as="h3" size="md">
          {t.python()}
        </Heading>
        <Code label={t.python()} text={PYTHON_SAMPLE} testId="guide-code-python" />
      </Section>
      <Section title={t.payloadTitle()}>
        <Text>{t.payloadBody()}</Text>
        <Code label={t.payloadTitle()} text={PAYLOAD_SAMPLE} testId="guide-code-payload" />
      </Section>
      <Section title={t.rotateTitle()}>
        <Text>{t.rotateBody()}</Text>
      </Section>
    </GuidePage>
  );
}

function CrmGuide({ provider }: { provider: 'hubspot' | 'salesforce' }) {
  const { LL } = useI18nContext();
  const g = LL.integrations.guide;
  const t = g[provider];
  return (
    <GuidePage title={t.title()} intro={t.intro()}>
      <Section title={g.steps()}>
        <Steps items={[t.step1(), t.step2(), t.step3(), t.step4(), t.step5()]} />
      </Section>
      <Section title={t.syncedTitle()}>
        <ul className={bullets}>
          {[t.synced1(), t.synced2(), t.synced3(), t.synced4()].map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </Section>
      <Section title={t.disconnectTitle()}>
        <Text>{t.disconnectBody()}</Text>
      </Section>
    </GuidePage>
  );
}

export function HubspotGuideScreen() {
  return <CrmGuide provider="hubspot" />;
}

export function SalesforceGuideScreen() {
  return <CrmGuide provider="salesforce" />;
}
