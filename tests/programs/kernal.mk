# The KERNAL's test programs: `make -f kernal.mk` in tests/programs. Built images are
# committed so the tests need no assembler.
CA65 ?= ca65
LD65 ?= ld65

all: kernal_driver.bin kernal_irqchain.bin

# The driver replaces BASIC ($A000-$BFFF): an 8 KiB image padded with $FF.
kernal_driver.bin: kernal_driver.s
	$(CA65) -o kernal_driver.o $<
	$(LD65) -t none -S 0xA000 -o kernal_driver.raw kernal_driver.o
	python3 -c "import sys; d=open('kernal_driver.raw','rb').read(); open('$@','wb').write(d+b'\xff'*(8192-len(d)))"
	rm -f kernal_driver.o kernal_driver.raw

# Programs loaded at $C000 and started there.
kernal_%.bin: kernal_%.s
	$(CA65) -o kernal_$*.o $<
	$(LD65) -t none -S 0xC000 -o $@ kernal_$*.o
	rm -f kernal_$*.o
