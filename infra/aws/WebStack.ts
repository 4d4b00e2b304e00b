// The frontend: a private bucket behind CloudFront (Origin Access Control, so only the distribution
// can read it), SPA page paths rewritten to /index.html, the API's paths forwarded uncached to the
// HTTP API and /ws to the WebSocket API, so the app, its API and its socket share one origin (no
// CORS, and the frontend needs no deploy-time URLs). Pages and API answers carry the security headers
// of shared/resources/securityHeaders.ts through response headers policies.
import { CfnOutput, Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { existsSync } from 'node:fs';
import type { Construct } from 'constructs';
import { routes } from '../../shared/routes/index';
import { acknowledgeBucketDeploymentHandler } from './bucketDeploymentNag';
import { logBucket } from './accessLogs';
import { privateBucket } from './StatefulStack';
import { apiPathPatterns, SPA_REWRITE_FUNCTION, WEBSOCKET_PATH, webSocketRewriteFunction } from './webPaths';
import { responseHeadersPolicy } from './responseHeaders';
import { apiPolicy, asyncSocketSources, pagePolicy, parseOrigins, webSocketOrigin } from '../../shared/resources/securityHeaders';
import { CREDENTIAL_FUNCTION } from './authorizer';

/** CDK context naming the origins allowed to frame the app: `-c embedAllowedOrigins="https://a.example https://b.example"`. */
export const EMBED_CONTEXT = 'embedAllowedOrigins';

/** Vite's content-hashed chunks: a name never changes meaning, so browsers and CloudFront keep them a year. */
export const ASSET_CACHE_CONTROL = [s3deploy.CacheControl.setPublic(), s3deploy.CacheControl.maxAge(Duration.days(365)), s3deploy.CacheControl.immutable()];
/** The entry page names the current chunks: always revalidated, so a release shows at the next load. */
export const INDEX_CACHE_CONTROL = [s3deploy.CacheControl.noCache()];

export interface WebStackProps extends StackProps {
  httpApi: apigwv2.HttpApi;
  webSocketApi: apigwv2.WebSocketApi;
  webSocketStage: string;
  /** The built frontend; deployed only when it exists. */
  webDist: string;
  /** Origins allowed to frame the app's pages; default: the embedAllowedOrigins context, else none. */
  embedAllowedOrigins?: string[];
  /** Where users open the app: its wss:// twin is named in the pages' connect-src. */
  webappUrl?: string;
  /** A WAF web ACL (scope CLOUDFRONT) in front of the distribution (deploy config webAclArn). */
  webAclArn?: string;
  warn?: (message: string) => void;
}

export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const accessLogs = logBucket(this, 'AccessLogsBucket');
    const bucket = privateBucket(this, 'WebBucket', [], accessLogs);
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves /index.html for SPA page paths',
    });
    // apiEndpoint is http(s)://<id>.execute-api.<region>.amazonaws.com; the origin wants the host alone.
    const hostOf = (endpoint: string) => Fn.select(2, Fn.split('/', endpoint));
    const passThrough = (endpoint: string): cloudfront.BehaviorOptions => ({
      origin: new origins.HttpOrigin(hostOf(endpoint), { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      // With caching off, CloudFront may forward Authorization through an origin request policy.
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything but Host (API Gateway routes on its own host name): Authorization, Sec-WebSocket-*, query strings.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    const context = this.node.tryGetContext(EMBED_CONTEXT) as string | string[] | undefined;
    const frameAncestors = props.embedAllowedOrigins ?? parseOrigins([context ?? []].flat().join(' '), `${EMBED_CONTEXT} (CDK context)`);
    const appSocket = props.webappUrl ? parseOrigins(webSocketOrigin(new URL(props.webappUrl).origin), 'webappUrl') : [];
    const connectSources = [...appSocket, ...asyncSocketSources(process.env.VITE_ASYNC_WS_URL)];
    const pageHeaders = responseHeadersPolicy(this, 'PageHeaders', pagePolicy({ frameAncestors, connectSources, https: true }), 'sqlscape pages: CSP, nosniff, referrer, framing, HSTS');
    const apiHeaders = responseHeadersPolicy(this, 'ApiHeaders', apiPolicy({ https: true }), 'sqlscape API answers: CSP none, nosniff, referrer, DENY framing, HSTS');
    const credentialKey = new cloudfront.Function(this, 'CredentialKey', {
      code: cloudfront.FunctionCode.fromInline(CREDENTIAL_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Copies the Authorization header or session cookie into the header the API authorizer caches by',
    });
    const apiBehaviour: cloudfront.BehaviorOptions = {
      ...passThrough(props.httpApi.apiEndpoint),
      compress: true,
      responseHeadersPolicy: apiHeaders,
      functionAssociations: [{ function: credentialKey, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };
    const webSocketRewrite = new cloudfront.Function(this, 'WebSocketRewrite', {
      code: cloudfront.FunctionCode.fromInline(webSocketRewriteFunction(props.webSocketStage)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Sends /ws to the WebSocket API stage',
    });
    const webSocketBehaviour: cloudfront.BehaviorOptions = {
      ...passThrough(props.webSocketApi.apiEndpoint),
      functionAssociations: [{ function: webSocketRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'sqlscape web app and API',
      webAclId: props.webAclArn,
      // CloudFront standard logs (AwsSolutions-CFR3), beside the web bucket's access logs.
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        // POST must pass the viewer so the rewrite function can redirect forms posted to pages.
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        compress: true,
        responseHeadersPolicy: pageHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...Object.fromEntries(apiPathPatterns(routes).map((pattern) => [pattern, apiBehaviour])),
        [WEBSOCKET_PATH]: webSocketBehaviour,
      },
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'The distribution answers on its *.cloudfront.net name with the default certificate, whose TLS floor CloudFront fixes (TLSv1); a custom domain with its own ACM certificate (TLSv1.2_2021) is an operator choice outside this app',
    });

    if (existsSync(props.webDist)) {
      // Chunks first, then the page that names them, so a new page never points at a missing chunk.
      // Neither deployment prunes: browsers still running the previous release load its chunks
      // lazily, so those stay (infra/aws/README.md, "Frontend releases", on clearing old ones).
      const assets = new s3deploy.BucketDeployment(this, 'WebAssetsDeployment', {
        sources: [s3deploy.Source.asset(props.webDist, { exclude: ['index.html'] })],
        destinationBucket: bucket,
        prune: false,
        memoryLimit: 512,
        cacheControl: ASSET_CACHE_CONTROL,
      });
      const page = new s3deploy.BucketDeployment(this, 'WebDeployment', {
        sources: [s3deploy.Source.asset(props.webDist, { exclude: ['*', '!index.html'] })],
        destinationBucket: bucket,
        prune: false,
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
        memoryLimit: 512,
        cacheControl: INDEX_CACHE_CONTROL,
      });
      page.node.addDependency(assets);
      acknowledgeBucketDeploymentHandler(this);
    } else {
      (props.warn ?? console.warn)(`[infra] ${props.webDist} not found: the frontend is not deployed (run npm run build first)`);
    }

    new CfnOutput(this, 'WebUrl', { value: `https://${this.distribution.distributionDomainName}` });
  }
}
