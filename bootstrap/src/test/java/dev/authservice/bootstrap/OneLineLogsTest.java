package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.read.ListAppender;
import dev.authservice.adapter.out.telemetry.audit.LoggingAuditLog;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.network.ClientAddress;
import io.micronaut.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The service's own logback.xml (not the tests' logback-test.xml) writes every log line as one line, whatever text a
 * request put into it: line-oriented tools split on NEL (U+0085), U+2028 and U+2029 as well as on CR and LF.
 */
class OneLineLogsTest {

    /** Every kind of line break a request can bring, and other controls: NEL, LS, PS, CR, LF, TAB, ESC, NUL, C1. */
    private static final String BREAKING = "Mozilla\u0085LS\u2028PS\u2029CR\rLF\nTAB\tESC\u001BNUL\u0000CSI\u009B.";

    private final LoggerContext service = new LoggerContext();
    private final Logger auditLogger = (Logger) LoggerFactory.getLogger(LoggingAuditLog.LOGGER);
    private final ListAppender<ILoggingEvent> audited = new ListAppender<>();

    @BeforeEach
    void configureAsTheServiceDoes() throws JoranException {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(service);
        configurator.doConfigure(OneLineLogsTest.class.getResource("/logback.xml"));
        audited.start();
        auditLogger.addAppender(audited);
    }

    @AfterEach
    void stop() {
        auditLogger.detachAppender(audited);
        service.stop();
    }

    /**
     * The audit line's User-Agent arrives without its controls, which the domain drops from every client detail
     * ({@code Require.kept}); the line separators it keeps are not controls, and the encoder escapes them.
     */
    @Test
    void anAuditLineIsOneLineWithTheUserAgentsBreaksDroppedOrEscapedAndReadsBackAsKept() throws IOException {
        new LoggingAuditLog().record(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, Instant.now(),
                Requester.anonymous(new ClientAddress("203.0.113.7"), BREAKING)));

        String line = encode(LoggingAuditLog.LOGGER, "AUDIT", audited.list.get(0));

        assertOneLine(line);
        assertTrue(line.contains("MozillaLS\\u2028PS\\u2029CRLFTABESCNULCSI."), line);
        List<?> fields = (List<?>) JsonMapper.createDefault().readValue(line, Map.class).get("kvpList");
        assertTrue(fields.contains(Map.of("userAgent", "MozillaLS\u2028PS\u2029CRLFTABESCNULCSI.")),
                "the User-Agent reads back as kept: " + fields);
    }

    @Test
    void aPlainLineIsOneLineWithEveryBreakInItsMessageEscaped() {
        LoggingEvent event = new LoggingEvent(OneLineLogsTest.class.getName(), service.getLogger("some.framework"),
                Level.WARN, "Bad request from {}", null, new Object[] {BREAKING});

        String line = encode(Logger.ROOT_LOGGER_NAME, "STDOUT", event);

        assertOneLine(line);
        assertTrue(line.endsWith(" - Bad request from Mozilla\\u0085LS\\u2028PS\\u2029CR\\u000DLF\\u000ATAB\\u0009"
                + "ESC\\u001BNUL\\u0000CSI\\u009B.\n"), line);
    }

    /** The line that the appender of the service's logback.xml writes for {@code event}. */
    private String encode(String logger, String appender, ILoggingEvent event) {
        Encoder<ILoggingEvent> encoder =
                ((OutputStreamAppender<ILoggingEvent>) service.getLogger(logger).getAppender(appender)).getEncoder();
        return new String(encoder.encode(event), StandardCharsets.UTF_8);
    }

    private static void assertOneLine(String line) {
        String content = line.substring(0, line.length() - 1);
        assertTrue(line.endsWith("\n"), line);
        assertTrue(content.chars().noneMatch(c -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029'),
                "nothing that breaks a line but the end: " + line);
    }
}
