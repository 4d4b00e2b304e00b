// The frontend: a private bucket behind CloudFront (Origin Access Control, so only the distribution
// can read it), SPA page paths rewritten to /index.html, and the API's paths forwarded uncached to
// the HTTP API, so the app and its API share one origin (no CORS, same cookies and tokens).
import { CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { existsSync } from 'node:fs';
import type { Construct } from 'constructs';
import { routes } from '../../shared/routes/index';
import { privateBucket } from './StatefulStack';
import { apiPathPatterns, SPA_REWRITE_FUNCTION } from './webPaths';

export interface WebStackProps extends StackProps {
  httpApi: apigwv2.HttpApi;
  /** The built frontend; deployed only when it exists. */
  webDist: string;
}

export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const bucket = privateBucket(this, 'WebBucket', []);
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves /index.html for SPA page paths',
    });
    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com; the origin wants the host alone.
    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const apiBehaviour: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(apiHost, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything but Host (API Gateway routes on its own host name): Authorization, query strings, cookies.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'sqlscape web app and API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(apiPathPatterns(routes).map((pattern) => [pattern, apiBehaviour])),
    });

    if (existsSync(props.webDist)) {
      new s3deploy.BucketDeployment(this, 'WebDeployment', {
        sources: [s3deploy.Source.asset(props.webDist)],
        destinationBucket: bucket,
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
        memoryLimit: 512,
        cacheControl: [s3deploy.CacheControl.maxAge(Duration.minutes(5))],
      });
    } else {
      console.warn(`[infra] ${props.webDist} not found: the frontend is not deployed (run npm run build first)`);
    }

    new CfnOutput(this, 'WebUrl', { value: `https://${this.distribution.distributionDomainName}` });
  }
}
