module scramble

go 1.26.8
