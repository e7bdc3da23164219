import type { GetServerSideProps, GetStaticProps, NextApiRequest, NextApiResponse } from 'next';
import { secretMessage } from './secret';

/** The Pages Router's throwers: its data functions and API routes, which run on the server only. */

/** `getServerSideProps` that throws on every request. */
export const throwingServerSideProps =
  (id: string): GetServerSideProps =>
  async () => {
    throw new Error(secretMessage(id));
  };

/** `getServerSideProps` that renders per request and passes nothing: the page itself is what fails. */
export const perRequest: GetServerSideProps = async () => ({ props: {} });

/** A page's `getInitialProps` that throws (on the server, where a direct load runs it). */
export const throwingInitialProps = (id: string) => async (): Promise<never> => {
  throw new Error(secretMessage(id));
};

/** `getStaticProps` of an ISR page: the build renders it; every regeneration while serving fails. */
export const failingRegeneration =
  (id: string): GetStaticProps =>
  async () => {
    if (process.env.NEXT_PHASE !== 'phase-production-build') throw new Error(secretMessage(id));
    return { props: {}, revalidate: 1 };
  };

/** A data function's routing signals: they answer, they are not errors. */
export const notFoundProps: GetServerSideProps = async () => ({ notFound: true });
export const redirectProps: GetServerSideProps = async () => ({ redirect: { destination: '/scenarios/pages-healthy', permanent: false } });

/** An API route (Node.js) that throws. */
export const throwingApiRoute =
  (id: string) =>
  async (_request: NextApiRequest, _response: NextApiResponse): Promise<never> => {
    throw new Error(secretMessage(id));
  };

/** An API route that catches its own failure and answers 500 by hand: nothing is thrown, so nothing reaches onRequestError. */
export const handled500ApiRoute = (id: string) => async (_request: NextApiRequest, response: NextApiResponse) => {
  try {
    throw new Error(secretMessage(id));
  } catch {
    response.status(500).json({ error: 'Something went wrong' });
  }
};
