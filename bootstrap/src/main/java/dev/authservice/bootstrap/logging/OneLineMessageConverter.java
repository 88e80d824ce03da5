package dev.authservice.bootstrap.logging;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * {@code %oneLineMsg} in logback.xml: the message of a plain log line with its line breaks and other control
 * characters escaped ({@link LineBreaks}), so that text a request put into a message (the framework's messages
 * quote requests now and then) cannot start a line of its own.
 */
public final class OneLineMessageConverter extends MessageConverter {

    @Override
    public String convert(ILoggingEvent event) {
        return LineBreaks.escape(super.convert(event));
    }
}
