package dev.authservice.bootstrap;

import dev.authservice.bootstrap.configuration.MisconfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.management.health.indicator.annotation.Readiness;
import java.time.Duration;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * How an instance leaves its load balancer when told to stop by SIGTERM, as orchestrators and {@code docker stop}
 * tell it: its readiness probe answers 503 at once while it goes on serving for {@code auth.shutdown.drain-delay},
 * long enough for the balancer's checks to take it out; only then does it stop, its ports close, and the requests it
 * still holds finish (Micronaut's graceful shutdown, application.yml). Stopping at once would refuse, or cut, the
 * requests the balancer goes on sending until its checks notice. Micronaut closes the ports before any listener of
 * its shutdown runs, so the signal itself is caught, before the JVM's shutdown hooks start.
 */
@Context
@Readiness
public final class Drain implements HealthIndicator {

    private static final Logger LOG = LoggerFactory.getLogger(Drain.class);

    private final Duration delay;
    private volatile boolean draining;

    Drain(@Value("${auth.shutdown.drain-delay}") Duration delay) {
        if (delay.isNegative()) {
            throw new MisconfigurationException("auth.shutdown.drain-delay (AUTH_SHUTDOWN_DRAIN_DELAY) must not be"
                    + " negative, was " + delay);
        }
        this.delay = delay;
    }

    /** From now on SIGTERM drains first, then exits as the JVM would have exited on it (128 + 15). */
    public void onTermination() {
        Signal.handle(new Signal("TERM"), signal -> {
            draining = true;
            LOG.info("Stopping in {} ms; until then readiness is DOWN and requests are still served",
                    delay.toMillis());
            try {
                Thread.sleep(delay.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.exit(128 + signal.getNumber());
        });
    }

    @Override
    public Publisher<HealthResult> getResult() {
        return Publishers.just(HealthResult.builder("drain", draining ? HealthStatus.DOWN : HealthStatus.UP).build());
    }
}
