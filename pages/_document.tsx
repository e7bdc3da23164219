import Document, { Head, Html, Main, NextScript, type DocumentContext } from 'next/document';
import { secretMessage } from '@/bundled/secret';

/** The route whose document fails: only there, so every other Pages route renders. */
const DOCUMENT_FAILS = '/scenarios/pages-document-throws';

export default class FaultlineDocument extends Document {
  static override async getInitialProps(context: DocumentContext) {
    if (context.pathname === DOCUMENT_FAILS) throw new Error(secretMessage('pages-document-throws'));
    return Document.getInitialProps(context);
  }

  override render() {
    return (
      <Html lang="en">
        <Head />
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}
