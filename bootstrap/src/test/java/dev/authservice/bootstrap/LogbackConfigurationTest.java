package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusUtil;
import org.junit.jupiter.api.Test;

/**
 * The service's own logback.xml configures without a warning: logback prints its whole status, some thirty lines,
 * ahead of the service's first when its configuration has as much as one.
 */
class LogbackConfigurationTest {

    @Test
    void theServicesConfigurationHasNothingToSayAboutItself() throws JoranException {
        LoggerContext service = new LoggerContext();
        try {
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(service);
            configurator.doConfigure(LogbackConfigurationTest.class.getResource("/logback.xml"));

            assertTrue(new StatusUtil(service).getHighestLevel(0) < Status.WARN,
                    () -> String.join("\n", service.getStatusManager().getCopyOfStatusList().stream()
                            .map(Status::toString).toList()));
        } finally {
            service.stop();
        }
    }
}
